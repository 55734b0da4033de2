import ExplorerWorkspace

/// Where an imported collection's secret values go. `secrets.local.yaml` holds values per environment, so a secret
/// declared on the collection or a folder (a Postman variable of type `secret`, an Insomnia private base
/// environment) keeps its declaration there, marked secret and without its value, and the value moves to every
/// environment, which the writer keeps in `secrets.local.yaml`: never in a file git tracks.
enum ImportedSecrets {
    /// The name of the environment made for such values when the import brought none.
    static let environmentName = "default"

    /// `collection` with the values of its collection, folder and request secrets moved into its environments.
    static func placed(_ collection: CollectionSpec) -> CollectionSpec {
        var copy = collection
        var moved: [Variable] = []
        func strip(_ variables: inout [Variable]) {
            for index in variables.indices where variables[index].secret && !variables[index].value.isEmpty {
                moved.append(variables[index])
                variables[index].value = ""
            }
        }
        func strip(_ folder: inout FolderSpec) {
            strip(&folder.variables)
            for index in folder.requests.indices { strip(&folder.requests[index].variables) }
            for index in folder.folders.indices { strip(&folder.folders[index]) }
        }
        strip(&copy.root)
        guard !moved.isEmpty else { return collection }
        if copy.environments.isEmpty {
            // The environment scope comes before the collection's, so its value is the one sent.
            let baseURL = ImportBaseURL.guess(copy.root.variables, requests: copy.allRequests.map(\.request))
            copy.environments = [EnvironmentSpec(name: environmentName, baseURL: baseURL, isDefault: true)]
        }
        for index in copy.environments.indices {
            for variable in moved where !copy.environments[index].variables.contains(where: { $0.name == variable.name }) {
                copy.environments[index].variables.append(Variable(name: variable.name, value: variable.value, secret: true))
            }
        }
        return copy
    }
}

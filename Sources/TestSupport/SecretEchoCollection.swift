import Foundation

/// A collection whose environment has one secret, `apiSecret`, taken from `APIEXPLORER_TEST_SECRET`: for tests that
/// send it in a query to a server that echoes the request target, and check every output masks it.
public enum SecretEchoCollection {
    /// The process environment variable the secret comes from.
    public static let variable = "APIEXPLORER_TEST_SECRET"

    /// `collection.yaml` of collection `name` against `baseURL`.
    public static func collectionFile(name: String, baseURL: URL) -> String {
        """
        name: \(name)
        environments:
          - name: local
            baseURL: \(baseURL.absoluteString)
            variables:
              - name: apiSecret
                secret: true
                fromEnv: \(variable)
        """
    }
}

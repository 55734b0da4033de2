extension OAuthServer {
    /// A collection `S` in a new temporary directory whose request `S/echo` (GET /api/echo) sends the token of this
    /// server's client-credentials grant, the client secret kept in a secret variable of environment `local`.
    public func clientCredentialsCollection() throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            auth:
              type: oauth2
              grant: client_credentials
              tokenURL: \(url("/token"))
              clientId: \(clientId)
              clientSecret: "{{clientSecret}}"
              scope: read
            environments:
              - name: local
                baseURL: \(baseURL.absoluteString)
                variables:
                  - name: clientSecret
                    value: \(clientSecret)
                    secret: true
            """)
        try temp.write("S/echo.yaml", "url: /api/echo\n")
        return temp
    }
}

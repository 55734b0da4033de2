import ExplorerCore

/// The Demo collection of the repository's `Collections/Demo`, built into the binary so the explorer can add it
/// anywhere (an empty start offers it). `BundledDemoTests` keeps it equal to the files in the repository.
public enum BundledDemo {
    /// The directory name it is written under.
    public static let slug = "Demo"

    /// Its files: paths relative to the collection's directory, and their text.
    public static let files: [(path: String, text: String)] = [
        ("_files/login.schema.json", #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["token", "expiresIn", "user"],
  "properties": {
    "token": {"type": "string", "minLength": 1},
    "expiresIn": {"type": "integer", "minimum": 1},
    "user": {"$ref": "#/$defs/user"}
  },
  "$defs": {
    "user": {
      "type": "object",
      "required": ["username"],
      "properties": {"username": {"type": "string", "pattern": "^[a-z]+$"}, "name": {"type": "string"}}
    }
  }
}

"""#),
        ("_files/sample.json", #"""
{"sample": true, "items": [1, 2, 3]}

"""#),
        ("auth/api-key.yaml", #"""
name: API key in query
method: GET
url: /echo/apikey
auth:
  type: apikey
  name: api_key
  value: "{{token}}"
  in: query

"""#),
        ("auth/basic.yaml", #"""
name: Basic auth
method: GET
url: /basic-auth/ada/s3cret
auth:
  type: basic
  username: ada
  password: s3cret

"""#),
        ("auth/bearer-missing.yaml", #"""
name: Bearer missing
method: GET
url: /bearer
description: No credentials, so the demo API answers 401.
auth:
  type: none

"""#),
        ("auth/bearer.yaml", #"""
name: Bearer token
method: GET
url: /bearer
description: 200 with the token from the environment, 401 without.
auth:
  type: bearer
  token: "{{token}}"

"""#),
        ("bodies/echo-file.yaml", #"""
name: Echo file
method: POST
url: /echo/file
body:
  type: file
  file: ../_files/sample.json
  contentType: application/json

"""#),
        ("bodies/echo-form.yaml", #"""
name: Echo form
method: POST
url: /echo/form
body:
  type: form
  fields:
    - name: name
      value: Ada Lovelace
    - name: note
      value: 1+1=2 & more
    - name: draft
      value: "yes"
      enabled: false

"""#),
        ("bodies/echo-json.yaml", #"""
name: Echo JSON
method: POST
url: /echo
description: Sends a JSON body; the demo API echoes method, path, query, headers and body.
query:
  - name: source
    value: apiexplorer
  - name: debug
    value: "1"
    enabled: false
headers:
  - name: X-Trace
    value: demo-1
body:
  type: json
  content: |
    {"price": 1.10, "big": 12345678901234567890, "tags": ["a", "b"], "nested": {"ok": true, "none": null}}

"""#),
        ("bodies/echo-multipart.yaml", #"""
name: Echo multipart
method: POST
url: /echo/multipart
body:
  type: multipart
  fields:
    - name: title
      value: A report
    - name: attachment
      file: ../_files/sample.json
      contentType: application/json

"""#),
        ("bodies/echo-text.yaml", #"""
name: Echo text
method: PUT
url: /echo/text
body:
  type: text
  contentType: text/plain; charset=utf-8
  content: "Hello, wörld - 日本語 🚀"

"""#),
        ("collection.yaml", #"""
name: Demo
description: The built-in demo API. Works offline - the local environment starts it inside apiexplorer.
headers:
  - name: Accept
    value: application/json
  - name: User-Agent
    value: apiexplorer-demo
variables:
  - name: userId
    value: "1"
environments:
  - name: local
    default: true
    baseURL: builtin:demo
    variables:
      - name: token
        value: demo-token
        secret: true
  - name: staging
    baseURL: http://127.0.0.1:8787
    variables:
      - name: token
        value: demo-token
        secret: true
      - name: userId
        value: "2"

"""#),
        ("responses/bytes.yaml", #"""
name: 1 KB of bytes
method: GET
url: /bytes/1024

"""#),
        ("responses/form.yaml", #"""
name: Form-encoded response
method: GET
url: /form

"""#),
        ("responses/gzip.yaml", #"""
name: Gzip-compressed JSON
method: GET
url: /gzip

"""#),
        ("responses/html.yaml", #"""
name: HTML page
method: GET
url: /html

"""#),
        ("responses/image.yaml", #"""
name: PNG image
method: GET
url: /image/png

"""#),
        ("responses/large-json.yaml", #"""
name: Large JSON (10,000 items)
method: GET
url: /large-json?items=10000

"""#),
        ("responses/not-found.yaml", #"""
name: 404 Not Found
method: GET
url: /status/404

"""#),
        ("responses/redirects.yaml", #"""
name: Redirect chain
method: GET
url: /redirect/3

"""#),
        ("responses/server-error.yaml", #"""
name: 500 Server Error
method: GET
url: /status/500

"""#),
        ("responses/slow.yaml", #"""
name: Slow response (2 s)
method: GET
url: /delay/2

"""#),
        ("responses/text.yaml", #"""
name: Plain text
method: GET
url: /text

"""#),
        ("responses/xml.yaml", #"""
name: XML document
method: GET
url: /xml

"""#),
        ("users/create-user.yaml", #"""
name: Create user
method: POST
url: /users
body:
  type: json
  content: |
    {"name": "Grace Hopper", "username": "grace2", "email": "grace@example.com"}

"""#),
        ("users/delete-user.yaml", #"""
name: Delete user
method: DELETE
url: /users/5

"""#),
        ("users/folder.yaml", #"""
name: Users
description: CRUD on the in-memory users resource.
headers:
  - name: X-Folder
    value: users

"""#),
        ("users/get-user.yaml", #"""
name: Get user
method: GET
url: /users/{{userId}}
description: One user; userId comes from the collection, or the environment when it sets one.
headers:
  - name: X-Request-ID
    value: "{{$uuid}}"

"""#),
        ("users/list-users.yaml", #"""
name: List users
method: GET
url: /users
description: Every user in the demo API.

"""#),
        ("users/update-user.yaml", #"""
name: Update user
method: PATCH
url: /users/{{userId}}
body:
  type: json
  content: |
    {"email": "new@example.com"}

"""#),
        ("workflow/create-user.yaml", #"""
name: Create a user
method: POST
url: /users
body:
  type: json
  content: '{"name": "Grace Hopper", "username": "grace", "email": "grace@example.com"}'
captures:
  - name: newUserId
    json: $.id
  - name: newUserLocation
    header: Location
checks:
  - status: 201
  - json: $.id
    type: integer
  - json: $.name
    equals: Grace Hopper

"""#),
        ("workflow/folder.yaml", #"""
name: Workflow
description: Captures, needs and checks. `apiexplorer run Demo/workflow` sends these as a test suite, offline.
order:
  - login
  - whoami
  - create-user
  - get-created-user
checks:
  - status: 2xx
  - header: Content-Type
    matches: json

"""#),
        ("workflow/get-created-user.yaml", #"""
name: Get the created user
method: GET
url: /users/{{newUserId}}
description: Fetches the user Create a user made, by the id it captured.
needs:
  - workflow/create-user
checks:
  - status: 200
  - json: $.email
    matches: '@example\.com$'
  - json: $.id
    exists: true
  - bodyContains: Grace

"""#),
        ("workflow/login.yaml", #"""
name: Log in
method: POST
url: /login
description: Captures the bearer token (secret) and the session cookie for the requests that need them.
body:
  type: json
  content: '{"username": "ada", "password": "s3cret"}'
captures:
  - name: authToken
    json: $.token
    secret: true
  - name: session
    cookie: session
checks:
  - status: 200
  - json: $.token
    type: string
  - json: $.user.name
    equals: Ada Lovelace
  - schema: ../_files/login.schema.json

"""#),
        ("workflow/whoami.yaml", #"""
name: Who am I
method: GET
url: /bearer
description: Uses the token Log in captured; sending it alone sends Log in first.
auth:
  type: bearer
  token: "{{authToken}}"
needs:
  - workflow/login
checks:
  - json: $.authenticated
    equals: true
  - responseTimeBelow: 2000

"""#),
    ]
}

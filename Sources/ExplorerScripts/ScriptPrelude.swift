/// The JavaScript that makes the `pm` API, `console`, `crypto`, `btoa` and `atob` in a fresh context, written for
/// apiexplorer (no library code copied). Scripts see only these globals and the language's own; the state of one
/// request goes in with `__apiexplorer.begin(json)` and what the script did comes out of `__apiexplorer.finish()`.
enum ScriptPrelude {
    /// The source, evaluated once per engine.
    static let source = #"""
    (function (global) {
      "use strict";
      const native = global.__native;
      delete global.__native;
      let state = null;
      let out = null;

      function text(value) {
        if (value === undefined) return "undefined";
        if (value === null) return "null";
        if (typeof value === "string") return value;
        if (typeof value === "object") {
          try { return JSON.stringify(value); } catch (e) { return String(value); }
        }
        return String(value);
      }
      function show(value) { return typeof value === "string" ? JSON.stringify(value) : text(value); }

      class AssertionError extends Error {
        constructor(message) { super(message); this.name = "AssertionError"; }
      }

      function deepEqual(a, b) {
        if (a === b) return true;
        if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return Number.isNaN(a) && Number.isNaN(b);
        if (Array.isArray(a) !== Array.isArray(b)) return false;
        const ka = Object.keys(a), kb = Object.keys(b);
        if (ka.length !== kb.length) return false;
        return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
      }

      function typeName(value) {
        if (value === null) return "null";
        if (Array.isArray(value)) return "array";
        if (value instanceof RegExp) return "regexp";
        if (value instanceof Date) return "date";
        return typeof value;
      }

      // chai's expect, the common forms: language chains, `not`, `deep`, and the assertions Postman scripts use.
      class Assertion {
        constructor(value, message) { this.value = value; this.negated = false; this.isDeep = false; this.message = message; }
        check(passed, expected, negatedText) {
          if (passed === this.negated) {
            const prefix = this.message ? this.message + ": " : "";
            throw new AssertionError(prefix + (this.negated ? negatedText : expected));
          }
          return this;
        }
        get to() { return this; } get be() { return this; } get been() { return this; } get is() { return this; }
        get that() { return this; } get which() { return this; } get and() { return this; } get has() { return this; }
        get have() { return this; } get with() { return this; } get at() { return this; } get of() { return this; }
        get same() { return this; } get does() { return this; } get still() { return this; }
        get not() { this.negated = !this.negated; return this; }
        get deep() { this.isDeep = true; return this; }
        get ok() { return this.check(!!this.value, `expected ${show(this.value)} to be truthy`, `expected ${show(this.value)} to be falsy`); }
        get true() { return this.check(this.value === true, `expected ${show(this.value)} to be true`, `expected ${show(this.value)} not to be true`); }
        get false() { return this.check(this.value === false, `expected ${show(this.value)} to be false`, `expected ${show(this.value)} not to be false`); }
        get null() { return this.check(this.value === null, `expected ${show(this.value)} to be null`, `expected ${show(this.value)} not to be null`); }
        get undefined() { return this.check(this.value === undefined, `expected ${show(this.value)} to be undefined`, `expected ${show(this.value)} not to be undefined`); }
        get exist() { return this.check(this.value !== null && this.value !== undefined, `expected ${show(this.value)} to exist`, `expected ${show(this.value)} not to exist`); }
        get empty() {
          const v = this.value;
          const size = v === null || v === undefined ? 0 : typeof v === "string" || Array.isArray(v) ? v.length : typeof v === "object" ? Object.keys(v).length : 1;
          return this.check(size === 0, `expected ${show(v)} to be empty`, `expected ${show(v)} not to be empty`);
        }
        equal(expected) {
          const passed = this.isDeep ? deepEqual(this.value, expected) : this.value === expected;
          return this.check(passed, `expected ${show(this.value)} to equal ${show(expected)}`, `expected ${show(this.value)} not to equal ${show(expected)}`);
        }
        equals(expected) { return this.equal(expected); }
        eq(expected) { return this.equal(expected); }
        eql(expected) {
          return this.check(deepEqual(this.value, expected), `expected ${show(this.value)} to deeply equal ${show(expected)}`, `expected ${show(this.value)} not to deeply equal ${show(expected)}`);
        }
        a(type) {
          const actual = typeName(this.value);
          return this.check(actual === String(type).toLowerCase(), `expected ${show(this.value)} to be a ${type} (it is a ${actual})`, `expected ${show(this.value)} not to be a ${type}`);
        }
        an(type) { return this.a(type); }
        property(name, ...rest) {
          const v = this.value;
          const has = v !== null && v !== undefined && (typeof v === "object" || typeof v === "function") && name in Object(v);
          if (rest.length === 0) return this.check(has, `expected ${show(v)} to have property ${show(name)}`, `expected ${show(v)} not to have property ${show(name)}`);
          const actual = has ? v[name] : undefined;
          const passed = has && (this.isDeep ? deepEqual(actual, rest[0]) : actual === rest[0]);
          return this.check(passed, `expected ${show(v)} to have property ${show(name)} of ${show(rest[0])}, but got ${show(actual)}`, `expected ${show(v)} not to have property ${show(name)} of ${show(rest[0])}`);
        }
        include(part) {
          const v = this.value;
          let passed = false;
          if (typeof v === "string") passed = v.includes(String(part));
          else if (Array.isArray(v)) passed = v.some((item) => (this.isDeep || typeof part === "object") ? deepEqual(item, part) : item === part);
          else if (v && typeof v === "object" && part && typeof part === "object") passed = Object.keys(part).every((k) => deepEqual(v[k], part[k]));
          return this.check(passed, `expected ${show(v)} to include ${show(part)}`, `expected ${show(v)} not to include ${show(part)}`);
        }
        includes(part) { return this.include(part); }
        contain(part) { return this.include(part); }
        contains(part) { return this.include(part); }
        match(pattern) {
          const passed = pattern instanceof RegExp ? pattern.test(String(this.value)) : new RegExp(pattern).test(String(this.value));
          return this.check(passed, `expected ${show(this.value)} to match ${pattern}`, `expected ${show(this.value)} not to match ${pattern}`);
        }
        above(n) { return this.check(this.value > n, `expected ${show(this.value)} to be above ${n}`, `expected ${show(this.value)} to be at most ${n}`); }
        greaterThan(n) { return this.above(n); }
        gt(n) { return this.above(n); }
        below(n) { return this.check(this.value < n, `expected ${show(this.value)} to be below ${n}`, `expected ${show(this.value)} to be at least ${n}`); }
        lessThan(n) { return this.below(n); }
        lt(n) { return this.below(n); }
        least(n) { return this.check(this.value >= n, `expected ${show(this.value)} to be at least ${n}`, `expected ${show(this.value)} to be below ${n}`); }
        most(n) { return this.check(this.value <= n, `expected ${show(this.value)} to be at most ${n}`, `expected ${show(this.value)} to be above ${n}`); }
        lengthOf(n) {
          const length = this.value === null || this.value === undefined ? undefined : this.value.length;
          return this.check(length === n, `expected ${show(this.value)} to have length ${n} (it has ${length})`, `expected ${show(this.value)} not to have length ${n}`);
        }
        length(n) { return this.lengthOf(n); }
        oneOf(list) { return this.check(list.some((item) => deepEqual(item, this.value)), `expected ${show(this.value)} to be one of ${show(list)}`, `expected ${show(this.value)} not to be one of ${show(list)}`); }
        status(code) {
          const actual = this.value && this.value.code;
          return this.check(actual === code, `expected response to have status code ${code} but got ${actual}`, `expected response not to have status code ${code}`);
        }
        header(name, value) {
          const headers = this.value && this.value.headers;
          const actual = headers ? headers.get(name) : undefined;
          const passed = actual !== undefined && (value === undefined || actual === value);
          return this.check(passed, value === undefined ? `expected response to have header ${name}` : `expected header ${name} to be ${show(value)} but got ${show(actual)}`, `expected response not to have header ${name}`);
        }
      }

      function headerList(entries) {
        const list = entries.map((h) => ({ key: h.key, value: h.value }));
        const find = (name) => list.findIndex((h) => h.key.toLowerCase() === String(name).toLowerCase());
        return {
          get(name) { const i = find(name); return i < 0 ? undefined : list[i].value; },
          has(name) { return find(name) >= 0; },
          add(header) { list.push({ key: String(header.key), value: text(header.value) }); },
          upsert(header) {
            const i = find(header.key);
            if (i < 0) list.push({ key: String(header.key), value: text(header.value) }); else list[i].value = text(header.value);
          },
          remove(name) { for (let i = list.length - 1; i >= 0; i--) if (list[i].key.toLowerCase() === String(name).toLowerCase()) list.splice(i, 1); },
          all() { return list.map((h) => ({ key: h.key, value: h.value })); },
          toObject() { const o = {}; for (const h of list) o[h.key] = h.value; return o; },
          each(fn) { list.forEach((h) => fn({ key: h.key, value: h.value })); },
          get count() { return list.length; },
          __list: list,
        };
      }

      function scope(values, changes) {
        return {
          get(name) { return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined; },
          has(name) { return Object.prototype.hasOwnProperty.call(values, name); },
          set(name, value) { values[String(name)] = text(value); changes[String(name)] = text(value); },
          unset(name) { delete values[String(name)]; changes[String(name)] = null; },
          clear() { for (const name of Object.keys(values)) { delete values[name]; changes[name] = null; } },
          toObject() { return Object.assign({}, values); },
          replaceIn(template) { return String(template).replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (m, name) => (name in values ? values[name] : m)); },
        };
      }

      function unsupported(call, why) {
        return function () { throw new Error(`${call} is not supported by apiexplorer: ${why}`); };
      }

      function makePM() {
        const request = state.request;
        const headers = headerList(request.headers);
        let url = request.url;
        let method = request.method;
        let body = request.body;
        const requestObject = {
          get method() { return method; }, set method(value) { method = String(value).toUpperCase(); },
          get url() {
            return { toString: () => url, update: (value) => { url = String(value); }, get raw() { return url; } };
          },
          set url(value) { url = String(value); },
          headers,
          body: {
            get raw() { return body; }, set raw(value) { body = text(value); },
            get mode() { return "raw"; },
            update(value) { body = typeof value === "string" ? value : value && value.raw !== undefined ? text(value.raw) : text(value); },
            toString() { return body; },
          },
        };
        out.finishRequest = () => ({ method, url, body, headers: headers.__list });

        const env = scope(state.environment, out.environment);
        const variables = scope(state.variables, out.variables);
        const collection = scope(state.collectionVariables, out.collectionVariables);
        const pm = {
          environment: env,
          collectionVariables: collection,
          globals: collection,
          variables: {
            get(name) {
              for (const values of [state.variables, state.environment, state.collectionVariables]) {
                if (Object.prototype.hasOwnProperty.call(values, name)) return values[name];
              }
              return undefined;
            },
            has(name) { return this.get(name) !== undefined; },
            set: variables.set, unset: variables.unset,
            toObject() { return Object.assign({}, state.collectionVariables, state.environment, state.variables); },
            replaceIn(template) { return String(template).replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (m, name) => { const v = this.get(name); return v === undefined ? m : v; }); },
          },
          request: requestObject,
          info: { requestName: state.info.requestName, eventName: state.info.eventName, iteration: state.info.iteration, iterationCount: 1 },
          test(name, fn) {
            const entry = { name: String(name), passed: true, message: null };
            try {
              if (typeof fn === "function") fn();
            } catch (e) {
              entry.passed = false;
              entry.message = e && e.message !== undefined ? String(e.message) : text(e);
            }
            out.tests.push(entry);
          },
          expect(value, message) { return new Assertion(value, message); },
          sendRequest: unsupported("pm.sendRequest", "a script cannot send requests; use needs: to send one first"),
          visualizer: { set: unsupported("pm.visualizer.set", "there is no visualizer") },
          execution: { setNextRequest: unsupported("pm.execution.setNextRequest", "requests run in the order of needs:") },
          cookies: { get: unsupported("pm.cookies.get", "read the Cookie header instead") },
        };
        pm.test.skip = (name) => { out.tests.push({ name: String(name), passed: true, message: "skipped" }); };
        if (state.response) {
          const response = state.response;
          const responseHeaders = headerList(response.headers);
          let parsed;
          const bodyText = () => {
            if (response.withheld) {
              throw new Error(`pm.response: the body is ${response.size} bytes; scripts read bodies up to ${response.limit / 1048576} MB`);
            }
            return response.body;
          };
          pm.response = {
            code: response.code,
            status: response.status,
            responseTime: response.responseTime,
            responseSize: response.size,
            headers: responseHeaders,
            text: bodyText,
            json() {
              if (parsed === undefined) parsed = JSON.parse(bodyText());
              return parsed;
            },
          };
          // A new assertion each time, so one `not` does not carry over to the next line.
          Object.defineProperty(pm.response, "to", {
            get() {
              const assertion = new Assertion(pm.response);
              Object.defineProperty(assertion, "ok", {
                get() { return assertion.check(response.code >= 200 && response.code < 300, `expected a 2xx status but got ${response.code}`, `expected a status other than 2xx but got ${response.code}`); },
              });
              return assertion;
            },
          });
        }
        return pm;
      }

      global.console = {};
      for (const level of ["log", "info", "warn", "error", "debug"]) {
        global.console[level] = function (...args) { out.console.push({ level, text: args.map(text).join(" ") }); };
      }
      global.crypto = {
        hmacSHA256(key, message) { return native.hmacSHA256(text(key), text(message)); },
        sha256(message) { return native.sha256(text(message)); },
        md5(message) { return native.md5(text(message)); },
        randomUUID() { return native.uuid(); },
      };
      const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
      global.btoa = function (input) {
        const s = String(input);
        let output = "";
        for (let i = 0; i < s.length; i += 3) {
          const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
          if (a > 255 || b > 255 || c > 255) throw new Error("btoa: the string has characters outside Latin-1");
          const n = (a << 16) | ((b || 0) << 8) | (c || 0);
          output += base64[(n >> 18) & 63] + base64[(n >> 12) & 63] + (i + 1 < s.length ? base64[(n >> 6) & 63] : "=") + (i + 2 < s.length ? base64[n & 63] : "=");
        }
        return output;
      };
      global.atob = function (input) {
        const s = String(input).replace(/[\s=]+/g, "");
        let output = "", bits = 0, value = 0;
        for (const ch of s) {
          const index = base64.indexOf(ch);
          if (index < 0) throw new Error("atob: not base64");
          value = (value << 6) | index; bits += 6;
          if (bits >= 8) { bits -= 8; output += String.fromCharCode((value >> bits) & 255); }
        }
        return output;
      };
      global.postman = {
        setEnvironmentVariable(name, value) { global.pm.environment.set(name, value); },
        getEnvironmentVariable(name) { return global.pm.environment.get(name); },
      };
      global.__apiexplorer = {
        begin(json, body) {
          state = JSON.parse(json);
          if (state.response) state.response.body = body;
          out = { tests: [], console: [], environment: {}, variables: {}, collectionVariables: {} };
          global.pm = makePM();
          // Insomnia's scripts name the same API `insomnia`.
          global.insomnia = global.pm;
        },
        finish() {
          // After the response the request is what was sent: there is nothing to read back.
          const request = state.response ? undefined : out.finishRequest();
          return JSON.stringify({ tests: out.tests, console: out.console, environment: out.environment, variables: out.variables,
                                  collectionVariables: out.collectionVariables, request });
        },
      };
    })(this);
    """#
}

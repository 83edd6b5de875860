// Preloaded (`node --import`) into the MCP conformance CLI, whose server mode sends no Authorization
// header: every request it makes (fetch, and undici for its DNS-rebinding probes) carries the bearer
// token of the server under test, from GODOT_LIVE_MCP_TOKEN, unless the request names one itself.
import { createRequire } from "node:module";

const token = process.env.GODOT_LIVE_MCP_TOKEN;
if (!token) throw new Error("conformance_bearer.mjs: set GODOT_LIVE_MCP_TOKEN");
const bearer = `Bearer ${token}`;

const originalFetch = globalThis.fetch;
globalThis.fetch = (input, init = {}) => {
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  if (!headers.has("authorization")) headers.set("authorization", bearer);
  return originalFetch(input, { ...init, headers });
};

// The suite's own copy of undici: its global dispatcher is the one the suite's requests go through.
const suite = createRequire(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json"));
const { getGlobalDispatcher, setGlobalDispatcher } = suite("undici");

function withBearer(headers) {
  if (Array.isArray(headers)) {
    const named = headers.some((value, index) => index % 2 === 0 && String(value).toLowerCase() === "authorization");
    return named ? headers : [...headers, "authorization", bearer];
  }
  const named = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "authorization");
  return named ? headers : { ...headers, authorization: bearer };
}

setGlobalDispatcher(
  getGlobalDispatcher().compose((dispatch) => (options, handler) =>
    dispatch({ ...options, headers: withBearer(options.headers) }, handler),
  ),
);

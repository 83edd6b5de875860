// The MCP Inspector's own client library (@modelcontextprotocol/client, pinned by the Inspector) on
// `godot-live-mcp serve`: lists the tools, asks discover_tools for a group, and prints one JSON line with
// the tools before and after and how many notifications/tools/list_changed arrived in between.
//
//   node list_changed_probe.mjs GROUP COMMAND ARGS...
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const [group, command, ...args] = process.argv.slice(2);
const client = new Client({ name: "list-changed-probe", version: "1.0.0" });
let changes = 0;
client.setNotificationHandler("notifications/tools/list_changed", async () => {
  changes += 1;
});
await client.connect(new StdioClientTransport({ command, args, env: process.env, stderr: "ignore" }));
const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
const before = await names();
// The first catalogue's own announcement may still be on its way: count only what discover_tools causes.
await new Promise((resolve) => setTimeout(resolve, 300));
changes = 0;
const answer = await client.callTool({ name: "discover_tools", arguments: { request: group } });
for (let waited = 0; changes === 0 && waited < 5000; waited += 50) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const after = await names();
process.stdout.write(JSON.stringify({ before, after, changes, loaded: answer.structuredContent?.loaded }) + "\n");
await client.close();

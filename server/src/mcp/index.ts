// The MCP server for coding agents (`spec-harness mcp`): list_contracts, score_contract, generate_pairs, verify,
// task_complete. A presentation layer like cli/ and lsp/: it reuses the CLI's file helpers and the engine.

export { createMcpServer, MCP_SERVER_INFO, serveMcpOverStdio } from './mcp-server';
export type { ToolContext } from './tools';

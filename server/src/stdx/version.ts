// The one version the npm package, the .vsix, `--version`, the LSP serverInfo, the MCP server and every report carry:
// package.json's, inlined by the bundler (esbuild keeps only this field of the JSON).
export { version as TOOL_VERSION } from '../../../package.json';

-- Headless Neovim as a real third-party LSP client for the Spec Harness server (from the shared e2e recipes).
-- Works on Debian's nvim 0.7.2 (no vim.lsp.start there) and on nvim >= 0.8 (uses vim.lsp.start when present).
-- usage: LSP_CMD='node dist/server.js --stdio' nvim --headless --clean -c 'luafile lsp-diagnostics.lua' FILE.rs
local out = function(s) io.stdout:write(s .. '\n') end
local cmd = vim.split(os.getenv('LSP_CMD') or 'node dist/server.js --stdio', ' ', { trimempty = true })
local timeout = tonumber(os.getenv('LSP_TIMEOUT_MS') or '10000')
local bufnr = vim.api.nvim_get_current_buf()
local fname = vim.api.nvim_buf_get_name(bufnr)
local config = {
  name = 'tiny-lsp',
  cmd = cmd,
  root_dir = vim.fn.fnamemodify(fname, ':p:h'),
  on_exit = function(code, signal) io.stderr:write(('server exited code=%s signal=%s\n'):format(code, signal)) end,
}
local client_id
if vim.lsp.start then            -- nvim >= 0.8
  client_id = vim.lsp.start(config, { bufnr = bufnr })
else                             -- nvim 0.7.x
  client_id = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(bufnr, client_id)
end
assert(client_id, 'failed to start LSP client')
local ok = vim.wait(timeout, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
local client = vim.lsp.get_client_by_id(client_id)
out(('nvim %s; client initialized=%s'):format(tostring(vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch), tostring(client and client.initialized)))
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  out(('DIAG %s:%d:%d severity=%d source=%s message=%s'):format(vim.fn.fnamemodify(fname, ':t'), d.lnum + 1, d.col + 1, d.severity, tostring(d.source), d.message))
end
if client then client.stop() end
vim.wait(1000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
if ok then vim.cmd('qall!') else out('TIMEOUT: no diagnostics received'); vim.cmd('cquit 1') end

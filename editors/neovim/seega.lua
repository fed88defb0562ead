-- seega's language server in Neovim's built-in LSP client (Neovim 0.7 or later): `.sgn` files
-- get the filetype `sgn`, and each `sgn` buffer is attached to one `seega lsp` for the session.
--
-- Load it from init.lua with `dofile("/path/to/seega/editors/neovim/seega.lua")`, or copy it
-- into your configuration. Before loading it you may set:
--   vim.g.seega_command  = "seega"                       -- the command, if not on PATH
--   vim.g.seega_settings = { rules = "standard", forceRules = false }   -- `check --rules`
-- docs/editors.md says more.

local M = {}
local client_id = nil

-- Attaches buffer `bufnr` to the server, starting it the first time.
function M.attach(bufnr)
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = "seega",
      cmd = { vim.g.seega_command or "seega", "lsp" },
      root_dir = vim.fn.getcwd(),
      init_options = vim.g.seega_settings,
      settings = { seega = vim.g.seega_settings },
    })
  end
  if client_id ~= nil then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
end

vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.sgn",
  command = "setfiletype sgn",
})
vim.api.nvim_create_autocmd("FileType", {
  pattern = "sgn",
  callback = function(args)
    M.attach(args.buf)
  end,
})

return M

// Starts `seega lsp` for the documents of language `sgn`, with the settings `seega.rules` and
// `seega.forceRules` as the server's settings (sent again when they change).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function settings() {
  const config = vscode.workspace.getConfiguration("seega");
  return { rules: config.get("rules"), forceRules: config.get("forceRules") };
}

function activate(context) {
  const command = vscode.workspace.getConfiguration("seega").get("command") || "seega";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "seega",
    "seega",
    { run: server, debug: server },
    {
      documentSelector: [{ language: "sgn" }],
      initializationOptions: settings(),
      synchronize: { configurationSection: "seega" },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

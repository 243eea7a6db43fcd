// The VS Code extension entry point (issue 5).

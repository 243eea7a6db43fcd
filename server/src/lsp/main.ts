// The language server entry point (issue 5).

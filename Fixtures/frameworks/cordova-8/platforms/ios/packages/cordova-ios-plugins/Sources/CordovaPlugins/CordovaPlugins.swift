// Placeholder so that the package has a source file before any plugin is added.

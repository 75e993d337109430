// LocFormat: see the module's main file.

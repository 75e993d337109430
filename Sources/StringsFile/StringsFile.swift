// StringsFile: see the module's main file.

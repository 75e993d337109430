// PayloadSchema: see the module's main file.

"The search core: settings, problems and visible tests, the tree, the model clients, the engine and the strategies."

"Retrieval: the context provider that puts similar solved problems and API notes into prompts."

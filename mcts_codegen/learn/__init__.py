"Learning: recorded searches, training data, networks, the trainer and the verifier; plugged into the core through its protocols."

"The service and the command line: thin layers over the core."

"The sandbox: a standard-library worker run by path, and the pool that runs untrusted programs in it."

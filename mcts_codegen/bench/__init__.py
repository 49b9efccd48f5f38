"The benchmark: problem sets, the runner, scores and engine versions, statistics and figures."

print("UICore benchmarks: not yet written")

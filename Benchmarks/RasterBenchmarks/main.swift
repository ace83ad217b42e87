print("Raster benchmarks: not yet written")

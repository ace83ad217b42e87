// Raster: pixels. Filled by the Raster issue.
import CPixman

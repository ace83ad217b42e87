#include <png.h>

/* Format constants of the simplified API, as plain values: the composed macros do not import into Swift. */
static const unsigned int WUI_PNG_FORMAT_BGRA = PNG_FORMAT_BGRA;
static const unsigned int WUI_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;

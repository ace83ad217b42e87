#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

/*
 * libjpeg reports fatal errors through error_exit, which must not return. Unwinding through Swift frames
 * with longjmp is undefined, so the whole decode — setjmp, the library calls and the longjmp target — lives
 * in this C helper, and Swift only sees a return code and a message.
 */
struct wui_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void wui_jpeg_error_exit(j_common_ptr cinfo)
{
    struct wui_jpeg_error *err = (struct wui_jpeg_error *)cinfo->err;
    err->base.format_message(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void wui_jpeg_silence(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

/*
 * Decodes a JPEG held in memory to opaque BGRA bytes (premultiplied trivially: alpha is 255).
 * On success returns 0 and *out (malloc'ed, free with free()) holds width*height*4 bytes, rows packed.
 * An image larger than max_side on a side or max_pixels in all returns -2 with its size in *width, *height,
 * checked on the header, before any pixel memory is allocated or data decoded.
 * On failure returns -1 and message holds libjpeg's text.
 */
static inline int wui_jpeg_decode_bgra(const unsigned char *data, unsigned long size,
                                       int max_side, long max_pixels,
                                       unsigned char **out, int *width, int *height,
                                       char *message, size_t message_len)
{
    struct jpeg_decompress_struct cinfo;
    struct wui_jpeg_error jerr;
    unsigned char *volatile pixels = NULL;
    *out = NULL;
    memset(&jerr, 0, sizeof jerr);
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = wui_jpeg_error_exit;
    jerr.base.emit_message = wui_jpeg_silence;
    if (setjmp(jerr.jump)) {
        snprintf(message, message_len, "%s", jerr.message);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    if (cinfo.image_width > (unsigned)max_side || cinfo.image_height > (unsigned)max_side
        || (long)cinfo.image_width * (long)cinfo.image_height > max_pixels) {
        *width = (int)cinfo.image_width;
        *height = (int)cinfo.image_height;
        jpeg_destroy_decompress(&cinfo);
        return -2;
    }
    cinfo.out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * 4;
    pixels = malloc(stride * cinfo.output_height);
    if (!pixels) {
        snprintf(message, message_len, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    *width = (int)cinfo.output_width;
    *height = (int)cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    *out = pixels;
    return 0;
}

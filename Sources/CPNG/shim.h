#include <png.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Format constants of the simplified API, as plain values: the composed macros do not import into Swift. */
static const unsigned int WUI_PNG_FORMAT_BGRA = PNG_FORMAT_BGRA;
static const unsigned int WUI_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;

/*
 * A PNG decode with budgets, streamed from a file descriptor or from memory. libpng reports errors with
 * longjmp, which must not cross Swift frames, so every entry point below sets its own setjmp and returns a code:
 * 0 done, -1 failed (message holds why), -3 over a decode budget (message says which).
 *
 * Budgets (pixel counts are checked by the caller between open and read):
 * - text chunks (tEXt, zTXt, iTXt) are skipped unread, never inflated: nothing shows them;
 * - png_set_chunk_cache_max / png_set_chunk_malloc_max bound the ancillary chunks libpng keeps and allocates;
 * - at most max_ancillary ancillary chunks and max_ancillary_bytes of their data, counted as the bytes stream by;
 * - IDAT data at most the inflated image size plus an eighth plus 64 KiB (deflate never needs more), and once the
 *   last row is being read at most two rows plus 16 KiB more: libpng inflates whatever follows the last row to
 *   find the stream's end, which for a 1x1 image can be gigabytes of zeros.
 */
struct wui_png_decoder {
    png_structp png;
    png_infop info;
    /* Source: a descriptor (fd >= 0) read through buf, else memory. */
    int fd;
    const unsigned char *memory;
    size_t memory_size, memory_pos;
    unsigned char buf[65536];
    size_t buf_pos, buf_len;
    /* The chunk scanner over the bytes libpng reads. */
    unsigned long long consumed;
    unsigned char header[8];
    int header_fill;
    unsigned long long chunk_left; /* data + CRC of the current chunk */
    unsigned long long idat_bytes, idat_limit;
    unsigned ancillary_chunks, max_ancillary;
    unsigned long long ancillary_bytes, max_ancillary_bytes;
    int last_row;
    unsigned long long after_last_row, after_last_row_limit;
    int passes;
    int over_budget;
    char message[256];
};

static void wui_png_error_fn(png_structp png, png_const_charp text)
{
    struct wui_png_decoder *d = (struct wui_png_decoder *)png_get_error_ptr(png);
    if (d->message[0] == 0) snprintf(d->message, sizeof d->message, "%s", text);
    png_longjmp(png, 1);
}

static void wui_png_warning_fn(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void wui_png_budget(struct wui_png_decoder *d, const char *what)
{
    d->over_budget = 1;
    snprintf(d->message, sizeof d->message, "%s", what);
    png_longjmp(d->png, 1);
}

/* Follows the chunk structure of the bytes read (after the 8-byte signature) and enforces the byte budgets. */
static void wui_png_scan(struct wui_png_decoder *d, const unsigned char *p, size_t n)
{
    size_t i = 0;
    if (d->last_row) {
        d->after_last_row += n;
        if (d->after_last_row > d->after_last_row_limit)
            wui_png_budget(d, "compressed data goes on past the last row");
    }
    while (i < n) {
        if (d->consumed < 8) {
            size_t take = (size_t)(8 - d->consumed) < n - i ? (size_t)(8 - d->consumed) : n - i;
            d->consumed += take;
            i += take;
        } else if (d->chunk_left > 0) {
            unsigned long long take = d->chunk_left < n - i ? d->chunk_left : n - i;
            d->chunk_left -= take;
            d->consumed += take;
            i += (size_t)take;
        } else {
            d->header[d->header_fill++] = p[i++];
            d->consumed++;
            if (d->header_fill == 8) {
                unsigned long long length = ((unsigned long long)d->header[0] << 24) | ((unsigned)d->header[1] << 16)
                    | ((unsigned)d->header[2] << 8) | d->header[3];
                d->header_fill = 0;
                d->chunk_left = length + 4;
                if (memcmp(d->header + 4, "IDAT", 4) == 0) {
                    d->idat_bytes += length;
                    if (d->idat_limit && d->idat_bytes > d->idat_limit)
                        wui_png_budget(d, "more compressed data than the image's size needs");
                } else if (d->header[4] & 0x20) { /* lower case: ancillary */
                    d->ancillary_chunks++;
                    d->ancillary_bytes += length;
                    if (d->ancillary_chunks > d->max_ancillary) wui_png_budget(d, "too many ancillary chunks");
                    if (d->ancillary_bytes > d->max_ancillary_bytes) wui_png_budget(d, "too much ancillary chunk data");
                }
            }
        }
    }
}

static void wui_png_read_fn(png_structp png, png_bytep out, size_t length)
{
    struct wui_png_decoder *d = (struct wui_png_decoder *)png_get_io_ptr(png);
    size_t done = 0;
    while (done < length) {
        if (d->fd < 0) {
            size_t left = d->memory_size - d->memory_pos;
            if (left == 0) png_error(png, "the file ends early");
            size_t take = left < length - done ? left : length - done;
            memcpy(out + done, d->memory + d->memory_pos, take);
            d->memory_pos += take;
            done += take;
            continue;
        }
        if (d->buf_pos == d->buf_len) {
            ssize_t got = read(d->fd, d->buf, sizeof d->buf);
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) png_error(png, strerror(errno));
            if (got == 0) png_error(png, "the file ends early");
            d->buf_pos = 0;
            d->buf_len = (size_t)got;
        }
        size_t left = d->buf_len - d->buf_pos;
        size_t take = left < length - done ? left : length - done;
        memcpy(out + done, d->buf + d->buf_pos, take);
        d->buf_pos += take;
        done += take;
    }
    wui_png_scan(d, out, length);
}

/* Frees the decoder (any state). */
static inline void wui_png_close(struct wui_png_decoder *d)
{
    if (!d) return;
    if (d->png) png_destroy_read_struct(&d->png, d->info ? &d->info : NULL, NULL);
    free(d);
}

/*
 * Starts a decode from fd (>= 0, read from its current offset; the caller keeps it open and closes it) or from
 * memory (fd < 0). Reads the chunks before the image data and sets *width and *height. Returns a decoder in
 * *out (also on failure, for its message; close it either way).
 */
static inline int wui_png_open(int fd, const unsigned char *memory, size_t memory_size, unsigned max_ancillary,
                               unsigned long long max_ancillary_bytes, struct wui_png_decoder **out, int *width,
                               int *height)
{
    struct wui_png_decoder *d = calloc(1, sizeof *d);
    *out = d;
    if (!d) return -1;
    d->fd = fd;
    d->memory = memory;
    d->memory_size = memory_size;
    d->max_ancillary = max_ancillary;
    d->max_ancillary_bytes = max_ancillary_bytes;
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, wui_png_error_fn, wui_png_warning_fn);
    if (!d->png) { snprintf(d->message, sizeof d->message, "out of memory"); return -1; }
    d->info = png_create_info_struct(d->png);
    if (!d->info) { snprintf(d->message, sizeof d->message, "out of memory"); return -1; }
    if (setjmp(png_jmpbuf(d->png))) return d->over_budget ? -3 : -1;
    png_set_read_fn(d->png, d, wui_png_read_fn);
    png_set_chunk_cache_max(d->png, max_ancillary);
    png_set_chunk_malloc_max(d->png, (png_alloc_size_t)max_ancillary_bytes);
    static const png_byte text_chunks[] = { 't', 'E', 'X', 't', 0, 'z', 'T', 'X', 't', 0, 'i', 'T', 'X', 't', 0 };
    png_set_keep_unknown_chunks(d->png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
    png_read_info(d->png, d->info);
    png_uint_32 w = png_get_image_width(d->png, d->info), h = png_get_image_height(d->png, d->info);
    int interlaced = png_get_interlace_type(d->png, d->info) != PNG_INTERLACE_NONE;
    unsigned long long rowbytes = png_get_rowbytes(d->png, d->info);
    unsigned long long inflated = (rowbytes + 1) * h + (interlaced ? (rowbytes + 1) * h / 2 + 7 * h : 0);
    d->idat_limit = inflated + inflated / 8 + 65536;
    d->after_last_row_limit = 2 * rowbytes + 16384;
    /* The IDAT header just read was counted before the limit was known. */
    if (d->idat_bytes > d->idat_limit) wui_png_budget(d, "more compressed data than the image's size needs");
    /* Everything to 8-bit BGRA, straight alpha (premultiplied in wui_png_read). */
    png_set_expand(d->png);
    png_set_scale_16(d->png);
    png_set_gray_to_rgb(d->png);
    png_set_bgr(d->png);
    png_set_add_alpha(d->png, 0xFF, PNG_FILLER_AFTER);
    d->passes = png_set_interlace_handling(d->png);
    png_read_update_info(d->png, d->info);
    if (png_get_rowbytes(d->png, d->info) != (size_t)w * 4) {
        snprintf(d->message, sizeof d->message, "unsupported pixel format");
        return -1;
    }
    *width = (int)w;
    *height = (int)h;
    return 0;
}

/* Reads the rows into pixels (width*4 bytes a row, `stride` apart), premultiplying alpha. */
static inline int wui_png_read(struct wui_png_decoder *d, unsigned char *pixels, size_t stride)
{
    if (setjmp(png_jmpbuf(d->png))) return d->over_budget ? -3 : -1;
    png_uint_32 w = png_get_image_width(d->png, d->info), h = png_get_image_height(d->png, d->info);
    for (int pass = 0; pass < d->passes; pass++) {
        for (png_uint_32 y = 0; y < h; y++) {
            if (pass == d->passes - 1 && y + (d->passes > 1 ? 2 : 1) >= h) d->last_row = 1;
            png_read_row(d->png, pixels + stride * y, NULL);
        }
    }
    for (png_uint_32 y = 0; y < h; y++) {
        unsigned char *p = pixels + stride * y;
        for (png_uint_32 x = 0; x < w; x++, p += 4) {
            unsigned a = p[3];
            if (a == 255) continue;
            for (int c = 0; c < 3; c++) {
                unsigned t = p[c] * a + 128;
                p[c] = (unsigned char)((t + (t >> 8)) >> 8);
            }
        }
    }
    return 0;
}

static inline const char *wui_png_message(const struct wui_png_decoder *d) { return d ? d->message : "out of memory"; }

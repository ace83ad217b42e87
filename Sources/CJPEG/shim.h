#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <unistd.h>
#include <jpeglib.h>

/*
 * libjpeg reports fatal errors through error_exit, which must not return. Unwinding through Swift frames
 * with longjmp is undefined, so every entry point below sets its own setjmp and Swift only sees a return code
 * (0 done, -1 failed, -3 over the decode budget) and a message.
 *
 * Budget: a progress monitor counts the scans read and stops past max_scans, as libjpeg-turbo's documentation
 * recommends: a progressive JPEG of a megabyte can hold tens of thousands of empty scans, each a pass over the
 * whole image.
 */
struct wui_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr err;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    FILE *file;
    int created, started;
    int max_scans;
    int over_budget;
    char message[JMSG_LENGTH_MAX + 64];
};

static void wui_jpeg_error_exit(j_common_ptr cinfo)
{
    struct wui_jpeg_decoder *d = (struct wui_jpeg_decoder *)cinfo->client_data;
    if (!d->over_budget) cinfo->err->format_message(cinfo, d->message);
    longjmp(d->jump, 1);
}

static void wui_jpeg_silence(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

static void wui_jpeg_progress(j_common_ptr cinfo)
{
    struct wui_jpeg_decoder *d = (struct wui_jpeg_decoder *)cinfo->client_data;
    if (d->cinfo.input_scan_number > d->max_scans) {
        d->over_budget = 1;
        snprintf(d->message, sizeof d->message, "more than %d scans", d->max_scans);
        longjmp(d->jump, 1);
    }
}

static inline void wui_jpeg_close(struct wui_jpeg_decoder *d)
{
    if (!d) return;
    if (d->created) jpeg_destroy_decompress(&d->cinfo);
    if (d->file) fclose(d->file);
    free(d);
}

/*
 * Starts a decode from fd (>= 0: read from its current offset through a duplicate the decoder closes) or from
 * memory (fd < 0) and reads the header: *width, *height. The decoder comes back in *out, also on failure (for its
 * message); close it either way.
 */
static inline int wui_jpeg_open(int fd, const unsigned char *memory, unsigned long size, int max_scans,
                                struct wui_jpeg_decoder **out, int *width, int *height)
{
    struct wui_jpeg_decoder *d = calloc(1, sizeof *d);
    *out = d;
    if (!d) return -1;
    d->max_scans = max_scans;
    d->cinfo.err = jpeg_std_error(&d->err);
    d->err.error_exit = wui_jpeg_error_exit;
    d->err.emit_message = wui_jpeg_silence;
    d->cinfo.client_data = d;
    if (setjmp(d->jump)) return d->over_budget ? -3 : -1;
    jpeg_create_decompress(&d->cinfo);
    d->created = 1;
    d->progress.progress_monitor = wui_jpeg_progress;
    d->cinfo.progress = &d->progress;
    if (fd >= 0) {
        int copy = dup(fd);
        d->file = copy >= 0 ? fdopen(copy, "rb") : NULL;
        if (!d->file) {
            if (copy >= 0) close(copy);
            snprintf(d->message, sizeof d->message, "cannot read the file");
            return -1;
        }
        jpeg_stdio_src(&d->cinfo, d->file);
    } else {
        jpeg_mem_src(&d->cinfo, memory, size);
    }
    jpeg_read_header(&d->cinfo, TRUE);
    *width = (int)d->cinfo.image_width;
    *height = (int)d->cinfo.image_height;
    return 0;
}

/* Decodes to opaque BGRA rows `stride` apart (alpha 255: premultiplied trivially). */
static inline int wui_jpeg_read(struct wui_jpeg_decoder *d, unsigned char *pixels, size_t stride)
{
    if (setjmp(d->jump)) return d->over_budget ? -3 : -1;
    d->cinfo.out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(&d->cinfo);
    while (d->cinfo.output_scanline < d->cinfo.output_height) {
        JSAMPROW row = pixels + stride * d->cinfo.output_scanline;
        jpeg_read_scanlines(&d->cinfo, &row, 1);
    }
    /* Not jpeg_finish_decompress: what follows the last scan line (more scans, trailing data) is not needed. */
    return 0;
}

static inline const char *wui_jpeg_message(const struct wui_jpeg_decoder *d) { return d ? d->message : "out of memory"; }

#ifndef WORLDFACTS_ZIM_H
#define WORLDFACTS_ZIM_H
// libzim's ZIM writer (zim::writer::Creator), as plain C for Swift (ZIMBridge.cpp). Every text is UTF-8
// with a final 0. A writer is opened once, given its metadata, items and redirections, then either finished
// (which writes the file and frees the writer) or abandoned (which frees it; the caller removes the file).
// One thread uses a writer at a time; libzim compresses and indexes on worker threads of its own.
//
// Every call that can fail returns 0 on success and -1 on failure, with libzim's message written to
// `error` (at most `capacity` bytes, with its final 0). No C++ exception crosses this interface.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wf_zim wf_zim;

/// A writer of a ZIM at `path` whose full-text index is for the ISO 639-3 language `language` ("eng"),
/// its title index always made; NULL on failure.
wf_zim *wf_zim_open(const char *path, const char *language, char *error, int32_t capacity);

/// Metadata (`Name`, `Title`, `Language`, …) as text.
int wf_zim_add_metadata(wf_zim *zim, const char *name, const char *value, char *error, int32_t capacity);

/// The illustration of `size`×`size` pixels: the bytes of a PNG, `count` of them, copied.
int wf_zim_add_illustration(wf_zim *zim, uint32_t size, const uint8_t *png, size_t count, char *error,
                            int32_t capacity);

/// An entry whose content is the file at `file`, read by libzim when it writes it: at `path` in the ZIM,
/// titled `title`, of MIME type `mime`; a front article (a page Kiwix lists and searches) when `front`.
int wf_zim_add_file(wf_zim *zim, const char *path, const char *title, const char *mime, const char *file,
                    int front, char *error, int32_t capacity);

/// A redirection from `path` (titled `title`) to the entry at `target`.
int wf_zim_add_redirection(wf_zim *zim, const char *path, const char *title, const char *target, char *error,
                           int32_t capacity);

/// The entry Kiwix opens first.
void wf_zim_set_main_path(wf_zim *zim, const char *path);

/// Writes the rest of the file (clusters, indexes, checksum) and frees the writer, on failure too.
int wf_zim_finish(wf_zim *zim, char *error, int32_t capacity);

/// Frees a writer that is not to be finished.
void wf_zim_abandon(wf_zim *zim);

#ifdef __cplusplus
}
#endif
#endif

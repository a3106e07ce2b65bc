// The C interface of worldfacts_zim.h over libzim's C++ writer. Each function catches every exception libzim
// throws and gives its message instead: an exception must not unwind into Swift.
#include "worldfacts_zim.h"

// libzim names a namespace `unix`, which the GNU dialects of C++ define as a macro.
#undef unix
#include <zim/writer/contentProvider.h>
#include <zim/writer/creator.h>
#include <zim/writer/item.h>

#include <cstring>
#include <exception>
#include <memory>
#include <string>

struct wf_zim {
    zim::writer::Creator creator;
};

namespace {

void write_error(const char *message, char *error, int32_t capacity) {
    if (error == nullptr || capacity <= 0) return;
    std::strncpy(error, message, static_cast<size_t>(capacity) - 1);
    error[capacity - 1] = 0;
}

// Runs `body`, turning any exception into -1 and its message.
template <typename Body> int guarded(Body body, char *error, int32_t capacity) {
    try {
        body();
        return 0;
    } catch (const std::exception &exception) {
        write_error(exception.what(), error, capacity);
    } catch (...) {
        write_error("unknown libzim error", error, capacity);
    }
    return -1;
}

}  // namespace

extern "C" wf_zim *wf_zim_open(const char *path, const char *language, char *error, int32_t capacity) {
    wf_zim *zim = nullptr;
    int result = guarded(
        [&] {
            auto made = std::make_unique<wf_zim>();
            made->creator.configIndexing(true, language);
            made->creator.configClusterSize(2 * 1024 * 1024);
            made->creator.startZimCreation(path);
            zim = made.release();
        },
        error, capacity);
    return result == 0 ? zim : nullptr;
}

extern "C" int wf_zim_add_metadata(wf_zim *zim, const char *name, const char *value, char *error,
                                   int32_t capacity) {
    return guarded([&] { zim->creator.addMetadata(name, value); }, error, capacity);
}

extern "C" int wf_zim_add_illustration(wf_zim *zim, uint32_t size, const uint8_t *png, size_t count, char *error,
                                       int32_t capacity) {
    return guarded(
        [&] { zim->creator.addIllustration(size, std::string(reinterpret_cast<const char *>(png), count)); }, error,
        capacity);
}

extern "C" int wf_zim_add_file(wf_zim *zim, const char *path, const char *title, const char *mime, const char *file,
                               int front, char *error, int32_t capacity) {
    return guarded(
        [&] {
            zim::writer::Hints hints{{zim::writer::FRONT_ARTICLE, front ? 1u : 0u}};
            zim->creator.addItem(std::make_shared<zim::writer::FileItem>(path, mime, title, hints, file));
        },
        error, capacity);
}

extern "C" int wf_zim_add_redirection(wf_zim *zim, const char *path, const char *title, const char *target,
                                      char *error, int32_t capacity) {
    return guarded([&] { zim->creator.addRedirection(path, title, target); }, error, capacity);
}

extern "C" void wf_zim_set_main_path(wf_zim *zim, const char *path) { zim->creator.setMainPath(path); }

extern "C" int wf_zim_finish(wf_zim *zim, char *error, int32_t capacity) {
    int result = guarded([&] { zim->creator.finishZimCreation(); }, error, capacity);
    wf_zim_abandon(zim);
    return result;
}

extern "C" void wf_zim_abandon(wf_zim *zim) {
    // The creator's destructor stops its worker threads; an unfinished file is the caller's to remove.
    delete zim;
}

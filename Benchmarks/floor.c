/* The raw-write floor: writes COUNT files of BYTES total bytes (spread evenly) into DIR, one folder
   per 10,000 files, with no rendering at all. Benchmarks/bench.py compares every generator to it. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: floor DIR COUNT BYTES\n"); return 2; }
    long count = atol(argv[2]), bytes = atol(argv[3]);
    long each = count ? bytes / count : 0, extra = count ? bytes % count : 0;
    char *buffer = malloc(each + 2);
    memset(buffer, 'x', each + 1);
    char path[4096];
    mkdir(argv[1], 0755);
    for (long i = 0; i < count; i++) {
        if (i % 10000 == 0) { snprintf(path, sizeof path, "%s/%ld", argv[1], i / 10000); mkdir(path, 0755); }
        snprintf(path, sizeof path, "%s/%ld/%ld.html", argv[1], i / 10000, i);
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || write(fd, buffer, each + (i < extra)) < 0) { perror(path); return 1; }
        close(fd);
    }
    return 0;
}

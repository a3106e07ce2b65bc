#ifndef WORLDFACTS_ICU_H
#define WORLDFACTS_ICU_H
// The few ICU services WorldFacts uses, as plain C for Swift (ICUBridge.cpp). Every text is UTF-16, as ICU
// takes it, given as a pointer and a length in code units. Every object returned by an `open` is owned by the
// caller, who closes it once. After `open`, an object is never changed: each function here only reads it, and
// may be called from several threads at once (ICU documents its collators and immutable indexes as safe for
// that; a collator's sort key is a const operation).
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether ICU has data for a locale (a BCP 47 tag or an ICU identifier): its language, script and region are
/// among ICU's available locales, or its language is and its region is an ISO 3166 code. Writes ICU's
/// canonical identifier of the tag to `canonical` (at most `capacity` bytes, with its final 0).
int wf_locale_is_known(const char *tag, char *canonical, int32_t capacity);

/// The BCP 47 tag of a locale ICU knows (`de_CH` gives `de-CH`), written to `tag` with its final 0 (at most
/// `capacity` bytes); returns its length, or -1. And whether the locale's script is written right to left.
int32_t wf_locale_language_tag(const char *locale, char *tag, int32_t capacity);
int wf_locale_is_right_to_left(const char *locale);

/// The ISO 639-3 code of a locale's language (`eng` for `en_GB`, `swe` for `sv`), written to `code` with its
/// final 0 (at most `capacity` bytes); returns its length, or -1 when ICU has none for it.
int32_t wf_locale_iso3_language(const char *locale, char *code, int32_t capacity);

/// The CLDR plural category of a whole number in the locale ("one", "few", "other"), written to `category`
/// with its final 0 (at most `capacity` bytes); returns its length, or -1. Any thread may call it.
int32_t wf_plural_category(const char *locale, int64_t number, char *category, int32_t capacity);

/// The number of locales ICU has data for, and the identifier of each (for suggestions).
int32_t wf_locale_count(void);
const char *wf_locale_at(int32_t number);

/// The name of a language, script and region code (`de-CH`, BCP 47 or ICU form) in the language of
/// `display` ("German (Switzerland)" in English), written to `name` (at most `capacity` code units, no
/// final 0); returns its length, or -1 when ICU does not know the code's language or its region.
int32_t wf_language_name(const char *code, const char *display, uint16_t *name, int32_t capacity);

/// The name of an ISO 3166-1 alpha-2 region code (`CH`, upper case) in the language of `display`
/// ("Switzerland"), as `wf_language_name` writes it; -1 for a code not on ICU's current list (a withdrawn
/// code such as `AN`, whose name ICU would give as its successor's) or with no name.
int32_t wf_region_name(const char *code, const char *display, uint16_t *name, int32_t capacity);

/// The name of an ISO 4217 currency code (`CHF`) in the language of `display` ("Swiss Franc"), as
/// `wf_language_name` writes it; -1 when ICU does not know the code.
int32_t wf_currency_name(const char *code, const char *display, uint16_t *name, int32_t capacity);

/// A number as the locale writes it (its digits, separators, grouping and minus sign): a whole number, or
/// a decimal with at most `max_fraction_digits` (rounded half to even, trailing zeros dropped). Written to
/// `text` as `wf_language_name` writes a name; -1 when ICU cannot format it. Each thread keeps its own
/// formatter per locale, so any thread may call these at once.
int32_t wf_format_integer(const char *locale, int64_t value, uint16_t *text, int32_t capacity);
int32_t wf_format_decimal(const char *locale, double value, int32_t max_fraction_digits, uint16_t *text,
                          int32_t capacity);
/// A percentage as the locale writes it, the number as it is (12.5 is "12.5%"; de "12,5 %"), with at most
/// `max_fraction_digits`, as `wf_format_decimal` rounds.
int32_t wf_format_percent(const char *locale, double value, int32_t max_fraction_digits, uint16_t *text,
                          int32_t capacity);

/// An IANA time zone (`Europe/Paris`) by its generic name in the locale and its offset from GMT at the start
/// of today (UTC), as the locale writes them: "Central European Time (GMT+01:00)", in German
/// "Mitteleuropäische Zeit (GMT+01:00)". -1 for an id ICU does not know as a zone.
int32_t wf_format_timezone(const char *locale, const char *zone, uint16_t *text, int32_t capacity);

/// A day of the proleptic Gregorian calendar (`month` 1 to 12) in the locale's medium style ("Mar 7, 2024"
/// in English, "07.03.2024" in German), as the numbers above are written.
int32_t wf_format_date(const char *locale, int32_t year, int32_t month, int32_t day, uint16_t *text,
                       int32_t capacity);

typedef struct wf_collator wf_collator;

/// The collator of a locale at a strength (1 primary, 2 secondary, 3 tertiary); null when ICU cannot make
/// one. `status` is ICU's error code.
wf_collator *wf_collator_open(const char *locale, int32_t strength, int32_t *status);
void wf_collator_close(wf_collator *collator);

/// Writes the sort key of a text to `key`, with its final 0 byte, when it fits in `capacity` bytes, and
/// returns its length. A result over `capacity` means the key did not fit: call again with that capacity.
/// Sort keys compare with memcmp as the collator compares the texts.
int32_t wf_collator_sort_key(const wf_collator *collator, const uint16_t *text, int32_t length, uint8_t *key,
                             int32_t capacity);

typedef struct wf_alphabetic_index wf_alphabetic_index;

/// ICU's AlphabeticIndex of a locale, immutable: its buckets, in order, are the underflow bucket, the
/// locale's index letters with an inflow bucket between scripts, and the overflow bucket.
wf_alphabetic_index *wf_alphabetic_index_open(const char *locale, int32_t *status);
void wf_alphabetic_index_close(wf_alphabetic_index *index);
int32_t wf_alphabetic_index_bucket_count(const wf_alphabetic_index *index);

/// Writes a bucket's label to `label` (at most `capacity` code units, no final 0) and returns its length,
/// or -1 for no such bucket. `kind` gets ICU's UAlphabeticIndexLabelType: 0 normal, 1 underflow, 2 inflow,
/// 3 overflow.
int32_t wf_alphabetic_index_label(const wf_alphabetic_index *index, int32_t bucket, uint16_t *label,
                                  int32_t capacity, int32_t *kind);

/// The bucket a text belongs to.
int32_t wf_alphabetic_index_bucket_of(const wf_alphabetic_index *index, const uint16_t *text, int32_t length);

#ifdef __cplusplus
}
#endif
#endif

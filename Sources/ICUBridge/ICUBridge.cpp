// The ICU calls of WorldFacts, behind the C interface of worldfacts_icu.h. Only this file names ICU's
// functions: their linked names carry ICU's version (ucol_open_72), which the headers' macros supply here.
// Debian's ICU and the one inside Swift's Foundation (lib_FoundationICU, whose names carry another suffix)
// link side by side without sharing a symbol or their data.
#include "worldfacts_icu.h"

#include <unicode/alphaindex.h>
#include <unicode/locid.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>

using namespace icu;

// ICU's identifier of a BCP 47 tag (`de-CH`) or of an ICU identifier (`de_CH`, letters, digits and "_"
// only); false for anything else, or a tag ICU does not read to its end.
static bool icu_identifier(const char *code, char *id, int32_t capacity) {
  UErrorCode error = U_ZERO_ERROR;
  size_t length = std::strlen(code);
  bool underscored = std::strchr(code, '_') != nullptr;
  for (size_t n = 0; n < length; n++) {
    char c = code[n];
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!plain && c != (underscored ? '_' : '-')) return false;
  }
  if (underscored) {
    uloc_canonicalize(code, id, capacity, &error);
  } else {
    int32_t parsed = 0;
    uloc_forLanguageTag(code, id, capacity, &parsed, &error);
    if (parsed != (int32_t)length) return false;
  }
  return U_SUCCESS(error) && error != U_STRING_NOT_TERMINATED_WARNING && id[0] != 0;
}

// Whether `code` is on ICU's current list of ISO 3166-1 codes (which leaves out withdrawn ones: "AN", "CS").
static bool is_iso_country(const char *code) {
  for (const char *const *known = uloc_getISOCountries(); *known; known++) {
    if (std::strcmp(*known, code) == 0) return true;
  }
  return false;
}

extern "C" int wf_locale_is_known(const char *tag, char *canonical, int32_t capacity) {
  char id[ULOC_FULLNAME_CAPACITY] = {0};
  if (!icu_identifier(tag, id, sizeof id)) return 0;
  UErrorCode error = U_ZERO_ERROR;
  if (capacity > 0) {
    std::strncpy(canonical, id, capacity - 1);
    canonical[capacity - 1] = 0;
  }
  if (id[0] == 0) return 0;
  char language[ULOC_LANG_CAPACITY] = {0}, script[ULOC_SCRIPT_CAPACITY] = {0}, country[ULOC_COUNTRY_CAPACITY] = {0};
  uloc_getLanguage(id, language, sizeof language, &error);
  uloc_getScript(id, script, sizeof script, &error);
  uloc_getCountry(id, country, sizeof country, &error);
  if (U_FAILURE(error) || language[0] == 0) return 0;
  bool languageKnown = false;
  for (int32_t n = 0, count = uloc_countAvailable(); n < count; n++) {
    const char *available = uloc_getAvailable(n);
    if (std::strcmp(available, id) == 0) return 1;
    char other[ULOC_LANG_CAPACITY] = {0}, otherScript[ULOC_SCRIPT_CAPACITY] = {0};
    UErrorCode ignored = U_ZERO_ERROR;
    uloc_getLanguage(available, other, sizeof other, &ignored);
    uloc_getScript(available, otherScript, sizeof otherScript, &ignored);
    if (std::strcmp(other, language) == 0 && (script[0] == 0 || std::strcmp(script, otherScript) == 0))
      languageKnown = true;
  }
  if (!languageKnown) return 0;
  return country[0] == 0 || is_iso_country(country);
}

extern "C" int32_t wf_locale_language_tag(const char *locale, char *tag, int32_t capacity) {
  char id[ULOC_FULLNAME_CAPACITY] = {0};
  if (!icu_identifier(locale, id, sizeof id)) return -1;
  UErrorCode error = U_ZERO_ERROR;
  int32_t length = uloc_toLanguageTag(id, tag, capacity, true, &error);
  return U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING || length >= capacity ? -1 : length;
}

extern "C" int32_t wf_locale_iso3_language(const char *locale, char *code, int32_t capacity) {
  char id[ULOC_FULLNAME_CAPACITY] = {0};
  if (!icu_identifier(locale, id, sizeof id)) return -1;
  const char *iso3 = uloc_getISO3Language(id);
  int32_t length = static_cast<int32_t>(std::strlen(iso3));
  if (length == 0 || length >= capacity) return -1;
  std::memcpy(code, iso3, static_cast<size_t>(length) + 1);
  return length;
}

extern "C" int wf_locale_is_right_to_left(const char *locale) {
  char id[ULOC_FULLNAME_CAPACITY] = {0};
  return icu_identifier(locale, id, sizeof id) && uloc_isRightToLeft(id);
}

extern "C" int32_t wf_locale_count(void) { return uloc_countAvailable(); }

extern "C" const char *wf_locale_at(int32_t number) { return uloc_getAvailable(number); }

// Whether ICU names `code` (a language or region subtag) in `display`: for a code it has no name for, it
// gives the code itself.
static bool has_name(const char *code, const char *display,
                     int32_t (*name)(const char *, const char *, UChar *, int32_t, UErrorCode *)) {
  UChar text[ULOC_FULLNAME_CAPACITY];
  UErrorCode error = U_ZERO_ERROR;
  int32_t length = name(code, display, text, ULOC_FULLNAME_CAPACITY, &error);
  if (U_FAILURE(error) || length <= 0) return false;
  char subtag[ULOC_FULLNAME_CAPACITY] = {0};
  error = U_ZERO_ERROR;
  // The subtag the name is of, to compare with the name ICU gave.
  if (name == uloc_getDisplayLanguage) uloc_getLanguage(code, subtag, sizeof subtag, &error);
  else uloc_getCountry(code, subtag, sizeof subtag, &error);
  if ((int32_t)std::strlen(subtag) != length) return true;
  for (int32_t n = 0; n < length; n++) {
    if (text[n] != (UChar)subtag[n]) return true;
  }
  return false;
}

extern "C" int32_t wf_language_name(const char *code, const char *display, uint16_t *name, int32_t capacity) {
  char id[ULOC_FULLNAME_CAPACITY] = {0};
  if (!icu_identifier(code, id, sizeof id)) return -1;
  UErrorCode error = U_ZERO_ERROR;
  char country[ULOC_COUNTRY_CAPACITY] = {0};
  uloc_getCountry(id, country, sizeof country, &error);
  if (U_FAILURE(error) || id[0] == 0 || !has_name(id, display, uloc_getDisplayLanguage)) return -1;
  if (country[0] != 0 && !has_name(id, display, uloc_getDisplayCountry)) return -1;
  int32_t length = uloc_getDisplayName(id, display, reinterpret_cast<UChar *>(name), capacity, &error);
  return U_FAILURE(error) || length > capacity ? -1 : length;
}

// Only a code of ICU's current ISO 3166-1 list: for a withdrawn one ICU gives its successor's name ("AN",
// the Netherlands Antilles, would be shown as Curaçao; "CS" as Serbia).
extern "C" int32_t wf_region_name(const char *code, const char *display, uint16_t *name, int32_t capacity) {
  if (std::strlen(code) != 2 || !is_iso_country(code)) return -1;
  char id[8] = "und_";
  std::memcpy(id + 4, code, 3);
  if (!has_name(id, display, uloc_getDisplayCountry)) return -1;
  UErrorCode error = U_ZERO_ERROR;
  int32_t length = uloc_getDisplayCountry(id, display, reinterpret_cast<UChar *>(name), capacity, &error);
  return U_FAILURE(error) || length > capacity ? -1 : length;
}

extern "C" int32_t wf_currency_name(const char *code, const char *display, uint16_t *name, int32_t capacity) {
  UChar iso[4] = {0};
  if (std::strlen(code) != 3) return -1;
  for (int n = 0; n < 3; n++) {
    if (code[n] < 'A' || code[n] > 'Z') return -1;
    iso[n] = code[n];
  }
  UErrorCode error = U_ZERO_ERROR;
  UBool isChoiceFormat = false;
  int32_t length = 0;
  const UChar *found = ucurr_getName(iso, display, UCURR_LONG_NAME, &isChoiceFormat, &length, &error);
  // For a code it has no name for, ICU gives the code itself.
  if (U_FAILURE(error) || !found || length > capacity || u_strncmp(found, iso, 4) == 0) return -1;
  std::memcpy(name, found, length * sizeof(UChar));
  return length;
}

// An ICU object of this thread, by key ("en|d2", a formatter of English numbers with at most two fraction
// digits; "en|p1", of English percentages with at most one; "en|date"), opened on first use and closed when the thread ends: ICU's date formats and number
// results are not to be shared between threads.
template <typename Format, void (*Close)(Format *)>
static Format *thread_formatter(const std::string &key, Format *(*open)(const char *, const std::string &),
                                const char *locale) {
  struct Closer {
    void operator()(Format *format) const { Close(format); }
  };
  thread_local std::map<std::string, std::unique_ptr<Format, Closer>> formats;
  auto found = formats.find(key);
  if (found != formats.end()) return found->second.get();
  Format *made = open(locale, key);
  if (made) formats.emplace(key, std::unique_ptr<Format, Closer>(made));
  return made;
}

// ICU's NumberFormatter (unumf), which follows CLDR in full: the locale's numbering system, grouping sizes
// and minimum grouping digits (es: 1234 but 12.345), where the older unum API groups every number.
// A key's "p" asks for a percentage: the number as it is (12.5 is 12.5 %, not scaled) with the locale's
// percent sign, its place and spacing (de "12,5 %", tr "%12,5").
static UNumberFormatter *open_number(const char *locale, const std::string &key) {
  size_t kind = key.find('|') + 1;
  int32_t digits = std::stoi(key.substr(kind + 1));
  std::u16string skeleton = u"precision-integer";
  if (digits > 0) skeleton = u"." + std::u16string(digits, u'#');
  if (key[kind] == 'p') skeleton = u"percent " + skeleton;
  UErrorCode error = U_ZERO_ERROR;
  UNumberFormatter *format = unumf_openForSkeletonAndLocale(
      reinterpret_cast<const UChar *>(skeleton.c_str()), (int32_t)skeleton.size(), locale, &error);
  if (U_FAILURE(error)) {
    if (format) unumf_close(format);
    return nullptr;
  }
  return format;
}

static UFormattedNumber *open_result(const char *, const std::string &) {
  UErrorCode error = U_ZERO_ERROR;
  UFormattedNumber *result = unumf_openResult(&error);
  return U_FAILURE(error) ? nullptr : result;
}

static UNumberFormatter *number_format(const char *locale, int32_t digits, char kind = 'd') {
  std::string key = std::string(locale) + "|" + kind + std::to_string(digits);
  return thread_formatter<UNumberFormatter, unumf_close>(key, open_number, locale);
}

static UPluralRules *open_plurals(const char *locale, const std::string &) {
  UErrorCode error = U_ZERO_ERROR;
  UPluralRules *rules = uplrules_open(locale, &error);
  if (U_FAILURE(error)) {
    if (rules) uplrules_close(rules);
    return nullptr;
  }
  return rules;
}

extern "C" int32_t wf_plural_category(const char *locale, int64_t number, char *category, int32_t capacity) {
  UPluralRules *rules =
      thread_formatter<UPluralRules, uplrules_close>(std::string(locale) + "|plural", open_plurals, locale);
  if (!rules || capacity < 1) return -1;
  UChar keyword[16];
  UErrorCode error = U_ZERO_ERROR;
  int32_t length = uplrules_select(rules, (double)number, keyword, 16, &error);
  if (U_FAILURE(error) || length >= capacity || length >= 16) return -1;
  u_UCharsToChars(keyword, category, length);
  category[length] = 0;
  return length;
}

// The result this thread formats numbers into.
static UFormattedNumber *number_result() {
  return thread_formatter<UFormattedNumber, unumf_closeResult>("result", open_result, "");
}

// Formats a number with `format` into this thread's result (`into`), then writes the result's text.
template <typename Into>
static int32_t formatted(UNumberFormatter *format, uint16_t *text, int32_t capacity, Into into) {
  UFormattedNumber *result = number_result();
  if (!format || !result) return -1;
  UErrorCode error = U_ZERO_ERROR;
  into(format, result, &error);
  int32_t length = unumf_resultToString(result, reinterpret_cast<UChar *>(text), capacity, &error);
  return U_FAILURE(error) || length > capacity ? -1 : length;
}

extern "C" int32_t wf_format_integer(const char *locale, int64_t value, uint16_t *text, int32_t capacity) {
  return formatted(number_format(locale, 0), text, capacity,
                   [value](UNumberFormatter *format, UFormattedNumber *result, UErrorCode *error) {
                     unumf_formatInt(format, value, result, error);
                   });
}

extern "C" int32_t wf_format_decimal(const char *locale, double value, int32_t max_fraction_digits, uint16_t *text,
                                     int32_t capacity) {
  if (max_fraction_digits < 0 || max_fraction_digits > 20) return -1;
  return formatted(number_format(locale, max_fraction_digits), text, capacity,
                   [value](UNumberFormatter *format, UFormattedNumber *result, UErrorCode *error) {
                     unumf_formatDouble(format, value, result, error);
                   });
}

extern "C" int32_t wf_format_percent(const char *locale, double value, int32_t max_fraction_digits, uint16_t *text,
                                     int32_t capacity) {
  if (max_fraction_digits < 0 || max_fraction_digits > 20) return -1;
  return formatted(number_format(locale, max_fraction_digits, 'p'), text, capacity,
                   [value](UNumberFormatter *format, UFormattedNumber *result, UErrorCode *error) {
                     unumf_formatDouble(format, value, result, error);
                   });
}

static UDateFormat *open_date(const char *locale, const std::string &) {
  UErrorCode error = U_ZERO_ERROR;
  const UChar utc[] = {'U', 'T', 'C', 0};
  UDateFormat *format = udat_open(UDAT_NONE, UDAT_MEDIUM, locale, utc, -1, nullptr, 0, &error);
  if (U_FAILURE(error)) return nullptr;
  // The proleptic Gregorian calendar: no switch to the Julian one before 1582.
  UCalendar *calendar = const_cast<UCalendar *>(udat_getCalendar(format));
  ucal_setGregorianChange(calendar, -8.64e15, &error);
  return format;
}

static void close_calendar(UCalendar *calendar) { ucal_close(calendar); }

static UCalendar *open_calendar(const char *, const std::string &) {
  UErrorCode error = U_ZERO_ERROR;
  const UChar utc[] = {'U', 'T', 'C', 0};
  UCalendar *calendar = ucal_open(utc, -1, "en", UCAL_GREGORIAN, &error);
  if (U_FAILURE(error)) return nullptr;
  ucal_setGregorianChange(calendar, -8.64e15, &error);
  return calendar;
}

extern "C" int32_t wf_format_date(const char *locale, int32_t year, int32_t month, int32_t day, uint16_t *text,
                                  int32_t capacity) {
  UDateFormat *format = thread_formatter<UDateFormat, udat_close>(std::string(locale) + "|date", open_date, locale);
  UCalendar *calendar = thread_formatter<UCalendar, close_calendar>("calendar", open_calendar, "en");
  if (!format || !calendar || month < 1 || month > 12) return -1;
  UErrorCode error = U_ZERO_ERROR;
  ucal_clear(calendar);
  ucal_setDate(calendar, year, month - 1, day, &error);
  UDate date = ucal_getMillis(calendar, &error);
  if (U_FAILURE(error)) return -1;
  int32_t length = udat_format(format, date, reinterpret_cast<UChar *>(text), capacity, nullptr, &error);
  return U_FAILURE(error) || length > capacity ? -1 : length;
}

// A zone's formatter in a locale: its generic name and its offset from GMT as the locale writes them
// ("Central European Time (GMT+01:00)"). Keyed "de|tz|Europe/Paris".
static UDateFormat *open_zone(const char *locale, const std::string &key) {
  std::string zone = key.substr(key.find("|tz|") + 4);
  std::u16string zone16(zone.begin(), zone.end());
  const std::u16string pattern = u"vvvv (ZZZZ)";
  UErrorCode error = U_ZERO_ERROR;
  UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, reinterpret_cast<const UChar *>(zone16.c_str()),
                                  (int32_t)zone16.size(), reinterpret_cast<const UChar *>(pattern.c_str()),
                                  (int32_t)pattern.size(), &error);
  if (U_FAILURE(error)) {
    if (format) udat_close(format);
    return nullptr;
  }
  return format;
}

extern "C" int32_t wf_format_timezone(const char *locale, const char *zone, uint16_t *text, int32_t capacity) {
  size_t length = std::strlen(zone);
  if (length == 0 || length > 64) return -1;
  for (size_t n = 0; n < length; n++) {
    char c = zone[n];
    bool allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' ||
                   c == '_' || c == '-' || c == '+';
    if (!allowed) return -1;
  }
  // Only a zone ICU knows by this id: any other would be shown as GMT.
  std::u16string zone16(zone, zone + length);
  UChar canonical[128];
  UBool isSystem = false;
  UErrorCode error = U_ZERO_ERROR;
  ucal_getCanonicalTimeZoneID(reinterpret_cast<const UChar *>(zone16.c_str()), (int32_t)zone16.size(), canonical,
                              128, &isSystem, &error);
  if (U_FAILURE(error) || !isSystem) return -1;
  UDateFormat *format =
      thread_formatter<UDateFormat, udat_close>(std::string(locale) + "|tz|" + zone, open_zone, locale);
  if (!format) return -1;
  // Today's offset, the same for every page of a day's build: at the start of the day (UTC).
  const double day = 86400000.0;
  UDate today = (UDate)((long long)(ucal_getNow() / day)) * day;
  int32_t written = udat_format(format, today, reinterpret_cast<UChar *>(text), capacity, nullptr, &error);
  return U_FAILURE(error) || written > capacity ? -1 : written;
}

struct wf_collator {
  UCollator *collator;
};

extern "C" wf_collator *wf_collator_open(const char *locale, int32_t strength, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UCollator *collator = ucol_open(locale, &error);
  if (U_SUCCESS(error)) {
    UColAttributeValue value = strength == 1 ? UCOL_PRIMARY : strength == 2 ? UCOL_SECONDARY : UCOL_TERTIARY;
    ucol_setStrength(collator, value);
  }
  *status = error;
  if (U_FAILURE(error)) {
    if (collator) ucol_close(collator);
    return nullptr;
  }
  return new wf_collator{collator};
}

extern "C" void wf_collator_close(wf_collator *collator) {
  ucol_close(collator->collator);
  delete collator;
}

extern "C" int32_t wf_collator_sort_key(const wf_collator *collator, const uint16_t *text, int32_t length,
                                        uint8_t *key, int32_t capacity) {
  return ucol_getSortKey(collator->collator, reinterpret_cast<const UChar *>(text), length, key, capacity);
}

struct wf_alphabetic_index {
  const AlphabeticIndex::ImmutableIndex *index;
};

extern "C" wf_alphabetic_index *wf_alphabetic_index_open(const char *locale, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  AlphabeticIndex builder(Locale(locale), error);
  const AlphabeticIndex::ImmutableIndex *index = U_SUCCESS(error) ? builder.buildImmutableIndex(error) : nullptr;
  *status = error;
  if (U_FAILURE(error)) {
    delete index;
    return nullptr;
  }
  return new wf_alphabetic_index{index};
}

extern "C" void wf_alphabetic_index_close(wf_alphabetic_index *index) {
  delete index->index;
  delete index;
}

extern "C" int32_t wf_alphabetic_index_bucket_count(const wf_alphabetic_index *index) {
  return index->index->getBucketCount();
}

extern "C" int32_t wf_alphabetic_index_label(const wf_alphabetic_index *index, int32_t bucket, uint16_t *label,
                                             int32_t capacity, int32_t *kind) {
  const AlphabeticIndex::Bucket *found = index->index->getBucket(bucket);
  if (!found) return -1;
  *kind = found->getLabelType();
  const UnicodeString &text = found->getLabel();
  int32_t length = text.length() < capacity ? text.length() : capacity;
  text.extract(0, length, reinterpret_cast<UChar *>(label));
  return length;
}

extern "C" int32_t wf_alphabetic_index_bucket_of(const wf_alphabetic_index *index, const uint16_t *text,
                                                 int32_t length) {
  UErrorCode error = U_ZERO_ERROR;
  int32_t bucket = index->index->getBucketIndex(UnicodeString(reinterpret_cast<const UChar *>(text), length), error);
  return U_FAILURE(error) ? 0 : bucket;
}

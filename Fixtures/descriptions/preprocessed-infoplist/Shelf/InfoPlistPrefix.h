// Values shared by every flavour's Info.plist (INFOPLIST_PREFIX_HEADER; only #define lines matter here).
#define SHELF_DISPLAY_NAME Shelf
#define SHELF_URL_SCHEME shelf
#ifdef SHELF_STAGING
#define SHELF_API_HOST api.staging.shelf.example.com
#else
#define SHELF_API_HOST api.shelf.example.com
#endif

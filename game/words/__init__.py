"""Words: translations (i18n), Russian grammatical gender, and bots' shown names."""

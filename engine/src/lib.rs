//! kanren: placeholder

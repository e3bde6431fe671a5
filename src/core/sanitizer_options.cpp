// Compiled into every executable of a sanitized build (cmake/Sanitizers.cmake), never into a
// release build. The sanitizers read these defaults first; ASAN_OPTIONS and TSAN_OPTIONS
// still override them.
//
// check_initialization_order, strict_init_order: a static initialiser that reads a global of
// another file which has a dynamic initialiser is reported, whichever order the linker chose
// for the two (the Yonin evaluation's king zones once read the shared attack tables before
// they were built, and the released program evaluated without them). Globals other files read
// at start-up must be constant-initialised (constinit).
extern "C" __attribute__((used, visibility("default"))) const char* __asan_default_options() {
  return "check_initialization_order=1:strict_init_order=1";
}

// ThreadSanitizer: the first race ends the process with a failure (a test cannot pass over
// it), and no suppressions: the server's threads share only what is locked or atomic.
extern "C" __attribute__((used, visibility("default"))) const char* __tsan_default_options() {
  return "halt_on_error=1:exitcode=66:second_deadlock_stack=1";
}

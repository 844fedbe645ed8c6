/// <reference types="vite/client" />

// No build-time settings of our own: the gateway gives the app its sign-in settings at run time
// (GET /api/auth-config, inlined into the pages), so one build works with any issuer.

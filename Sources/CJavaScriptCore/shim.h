#ifndef CJAVASCRIPTCORE_SHIM_H
#define CJAVASCRIPTCORE_SHIM_H

#include <stdbool.h>
#include <JavaScriptCore/JavaScript.h>

// Exported by JavaScriptCore (on Linux and Apple platforms) but declared only in its private headers: a script that
// runs past `limit` seconds is terminated, and the evaluation returns the exception "JavaScript execution terminated.".
typedef bool (*CJSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit, CJSShouldTerminateCallback callback, void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

#endif

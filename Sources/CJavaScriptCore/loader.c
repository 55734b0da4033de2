#include "CJavaScriptCore.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Where the library is: Apple's framework, else WebKitGTK's JavaScriptCore (Debian: libjavascriptcoregtk-4.1-0).
#if defined(__APPLE__)
static const char *const libraryNames[] = {"/System/Library/Frameworks/JavaScriptCore.framework/JavaScriptCore", NULL};
#else
static const char *const libraryNames[] = {"libjavascriptcoregtk-4.1.so.0", "libjavascriptcoregtk-4.0.so.18", NULL};
#endif

static JSContextGroupRef (*p_JSContextGroupCreate)(void);
static void (*p_JSContextGroupRelease)(JSContextGroupRef group);
static void (*p_JSContextGroupSetExecutionTimeLimit)(JSContextGroupRef group, double limit, CJSShouldTerminateCallback callback, void *context);
static JSGlobalContextRef (*p_JSGlobalContextCreateInGroup)(JSContextGroupRef group, JSClassRef globalObjectClass);
static void (*p_JSGlobalContextRelease)(JSGlobalContextRef ctx);
static JSObjectRef (*p_JSContextGetGlobalObject)(JSContextRef ctx);
static bool (*p_JSCheckScriptSyntax)(JSContextRef ctx, JSStringRef script, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception);
static JSValueRef (*p_JSEvaluateScript)(JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception);
static JSObjectRef (*p_JSObjectMake)(JSContextRef ctx, JSClassRef jsClass, void *data);
static JSObjectRef (*p_JSObjectMakeFunctionWithCallback)(JSContextRef ctx, JSStringRef name, JSObjectCallAsFunctionCallback callAsFunction);
static void (*p_JSObjectSetProperty)(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef value, JSPropertyAttributes attributes, JSValueRef *exception);
static JSValueRef (*p_JSObjectGetProperty)(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef *exception);
static JSValueRef (*p_JSObjectCallAsFunction)(JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject, size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception);
static JSStringRef (*p_JSStringCreateWithCharacters)(const JSChar *chars, size_t numChars);
static void (*p_JSStringRelease)(JSStringRef string);
static size_t (*p_JSStringGetLength)(JSStringRef string);
static const JSChar * (*p_JSStringGetCharactersPtr)(JSStringRef string);
static bool (*p_JSValueIsNumber)(JSContextRef ctx, JSValueRef value);
static bool (*p_JSValueIsUndefined)(JSContextRef ctx, JSValueRef value);
static JSValueRef (*p_JSValueMakeString)(JSContextRef ctx, JSStringRef string);
static void (*p_JSValueProtect)(JSContextRef ctx, JSValueRef value);
static void (*p_JSValueUnprotect)(JSContextRef ctx, JSValueRef value);
static double (*p_JSValueToNumber)(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
static JSObjectRef (*p_JSValueToObject)(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
static JSStringRef (*p_JSValueToStringCopy)(JSContextRef ctx, JSValueRef value, JSValueRef *exception);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool loaded = false;
static char loadError[512];

static void loadLibrary(void) {
    void *library = NULL;
    // APIEXPLORER_JAVASCRIPTCORE names the library to load instead, for a JavaScriptCore installed elsewhere.
    const char *chosen = getenv("APIEXPLORER_JAVASCRIPTCORE");
    if (chosen != NULL && chosen[0] != '\0') {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    } else {
        for (int i = 0; libraryNames[i] != NULL && library == NULL; i++) library = dlopen(libraryNames[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(loadError, sizeof loadError, "JavaScriptCore could not be loaded (%s); on Debian: apt-get install libjavascriptcoregtk-4.1-0",
                 why ? why : "not found");
        return;
    }
#define FIND(name) \
    *(void **)(&p_##name) = dlsym(library, #name); \
    if (p_##name == NULL) { snprintf(loadError, sizeof loadError, "JavaScriptCore has no %s", #name); return; }
    FIND(JSContextGroupCreate)
    FIND(JSContextGroupRelease)
    FIND(JSContextGroupSetExecutionTimeLimit)
    FIND(JSGlobalContextCreateInGroup)
    FIND(JSGlobalContextRelease)
    FIND(JSContextGetGlobalObject)
    FIND(JSCheckScriptSyntax)
    FIND(JSEvaluateScript)
    FIND(JSObjectMake)
    FIND(JSObjectMakeFunctionWithCallback)
    FIND(JSObjectSetProperty)
    FIND(JSObjectGetProperty)
    FIND(JSObjectCallAsFunction)
    FIND(JSStringCreateWithCharacters)
    FIND(JSStringRelease)
    FIND(JSStringGetLength)
    FIND(JSStringGetCharactersPtr)
    FIND(JSValueIsNumber)
    FIND(JSValueIsUndefined)
    FIND(JSValueMakeString)
    FIND(JSValueProtect)
    FIND(JSValueUnprotect)
    FIND(JSValueToNumber)
    FIND(JSValueToObject)
    FIND(JSValueToStringCopy)
#undef FIND
    loaded = true;
}

bool cjs_load(char *error, size_t errorSize) {
    pthread_once(&once, loadLibrary);
    if (!loaded && error != NULL && errorSize > 0) snprintf(error, errorSize, "%s", loadError);
    return loaded;
}

JSContextGroupRef cjs_JSContextGroupCreate(void) { return p_JSContextGroupCreate(); }
void cjs_JSContextGroupRelease(JSContextGroupRef group) { p_JSContextGroupRelease(group); }
void cjs_JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit, CJSShouldTerminateCallback callback, void *context) { p_JSContextGroupSetExecutionTimeLimit(group, limit, callback, context); }
JSGlobalContextRef cjs_JSGlobalContextCreateInGroup(JSContextGroupRef group, JSClassRef globalObjectClass) { return p_JSGlobalContextCreateInGroup(group, globalObjectClass); }
void cjs_JSGlobalContextRelease(JSGlobalContextRef ctx) { p_JSGlobalContextRelease(ctx); }
JSObjectRef cjs_JSContextGetGlobalObject(JSContextRef ctx) { return p_JSContextGetGlobalObject(ctx); }
bool cjs_JSCheckScriptSyntax(JSContextRef ctx, JSStringRef script, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception) { return p_JSCheckScriptSyntax(ctx, script, sourceURL, startingLineNumber, exception); }
JSValueRef cjs_JSEvaluateScript(JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception) { return p_JSEvaluateScript(ctx, script, thisObject, sourceURL, startingLineNumber, exception); }
JSObjectRef cjs_JSObjectMake(JSContextRef ctx, JSClassRef jsClass, void *data) { return p_JSObjectMake(ctx, jsClass, data); }
JSObjectRef cjs_JSObjectMakeFunctionWithCallback(JSContextRef ctx, JSStringRef name, JSObjectCallAsFunctionCallback callAsFunction) { return p_JSObjectMakeFunctionWithCallback(ctx, name, callAsFunction); }
void cjs_JSObjectSetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef value, JSPropertyAttributes attributes, JSValueRef *exception) { p_JSObjectSetProperty(ctx, object, propertyName, value, attributes, exception); }
JSValueRef cjs_JSObjectGetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef *exception) { return p_JSObjectGetProperty(ctx, object, propertyName, exception); }
JSValueRef cjs_JSObjectCallAsFunction(JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject, size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception) { return p_JSObjectCallAsFunction(ctx, object, thisObject, argumentCount, arguments, exception); }
JSStringRef cjs_JSStringCreateWithCharacters(const JSChar *chars, size_t numChars) { return p_JSStringCreateWithCharacters(chars, numChars); }
void cjs_JSStringRelease(JSStringRef string) { p_JSStringRelease(string); }
size_t cjs_JSStringGetLength(JSStringRef string) { return p_JSStringGetLength(string); }
const JSChar * cjs_JSStringGetCharactersPtr(JSStringRef string) { return p_JSStringGetCharactersPtr(string); }
bool cjs_JSValueIsNumber(JSContextRef ctx, JSValueRef value) { return p_JSValueIsNumber(ctx, value); }
bool cjs_JSValueIsUndefined(JSContextRef ctx, JSValueRef value) { return p_JSValueIsUndefined(ctx, value); }
JSValueRef cjs_JSValueMakeString(JSContextRef ctx, JSStringRef string) { return p_JSValueMakeString(ctx, string); }
void cjs_JSValueProtect(JSContextRef ctx, JSValueRef value) { p_JSValueProtect(ctx, value); }
void cjs_JSValueUnprotect(JSContextRef ctx, JSValueRef value) { p_JSValueUnprotect(ctx, value); }
double cjs_JSValueToNumber(JSContextRef ctx, JSValueRef value, JSValueRef *exception) { return p_JSValueToNumber(ctx, value, exception); }
JSObjectRef cjs_JSValueToObject(JSContextRef ctx, JSValueRef value, JSValueRef *exception) { return p_JSValueToObject(ctx, value, exception); }
JSStringRef cjs_JSValueToStringCopy(JSContextRef ctx, JSValueRef value, JSValueRef *exception) { return p_JSValueToStringCopy(ctx, value, exception); }

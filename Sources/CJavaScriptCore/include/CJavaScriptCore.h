#ifndef CJAVASCRIPTCORE_H
#define CJAVASCRIPTCORE_H

#include <stdbool.h>
#include <stddef.h>

// The part of JavaScriptCore's C API the script engine uses, loaded with dlopen the first time a script runs rather
// than linked: linking it made every command load WebKitGTK's JavaScriptCore and its ICU and GLib at start-up, scripts
// or not. The types are JavaScriptCore's own (opaque pointers); each function is `cjs_` and the API's name.

typedef const struct OpaqueJSContextGroup *JSContextGroupRef;
typedef const struct OpaqueJSContext *JSContextRef;
typedef struct OpaqueJSContext *JSGlobalContextRef;
typedef struct OpaqueJSString *JSStringRef;
typedef struct OpaqueJSClass *JSClassRef;
typedef const struct OpaqueJSValue *JSValueRef;
typedef struct OpaqueJSValue *JSObjectRef;
typedef unsigned short JSChar;
typedef unsigned JSPropertyAttributes;
typedef JSValueRef (*JSObjectCallAsFunctionCallback)(JSContextRef ctx, JSObjectRef function, JSObjectRef thisObject,
                                                     size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception);
// JSContextGroupSetExecutionTimeLimit's callback (declared only in JavaScriptCore's private headers).
typedef bool (*CJSShouldTerminateCallback)(JSContextRef ctx, void *context);

/// Loads JavaScriptCore once (the library APIEXPLORER_JAVASCRIPTCORE names, when set); true when every function was found. On failure `error` holds why (the library missing,
/// or a function it lacks).
bool cjs_load(char *error, size_t errorSize);

JSContextGroupRef cjs_JSContextGroupCreate(void);
void cjs_JSContextGroupRelease(JSContextGroupRef group);
void cjs_JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit, CJSShouldTerminateCallback callback, void *context);
JSGlobalContextRef cjs_JSGlobalContextCreateInGroup(JSContextGroupRef group, JSClassRef globalObjectClass);
void cjs_JSGlobalContextRelease(JSGlobalContextRef ctx);
JSObjectRef cjs_JSContextGetGlobalObject(JSContextRef ctx);
bool cjs_JSCheckScriptSyntax(JSContextRef ctx, JSStringRef script, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception);
JSValueRef cjs_JSEvaluateScript(JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception);
JSObjectRef cjs_JSObjectMake(JSContextRef ctx, JSClassRef jsClass, void *data);
JSObjectRef cjs_JSObjectMakeFunctionWithCallback(JSContextRef ctx, JSStringRef name, JSObjectCallAsFunctionCallback callAsFunction);
void cjs_JSObjectSetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef value, JSPropertyAttributes attributes, JSValueRef *exception);
JSValueRef cjs_JSObjectGetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef *exception);
JSValueRef cjs_JSObjectCallAsFunction(JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject, size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception);
JSStringRef cjs_JSStringCreateWithCharacters(const JSChar *chars, size_t numChars);
void cjs_JSStringRelease(JSStringRef string);
size_t cjs_JSStringGetLength(JSStringRef string);
const JSChar * cjs_JSStringGetCharactersPtr(JSStringRef string);
bool cjs_JSValueIsNumber(JSContextRef ctx, JSValueRef value);
bool cjs_JSValueIsUndefined(JSContextRef ctx, JSValueRef value);
JSValueRef cjs_JSValueMakeString(JSContextRef ctx, JSStringRef string);
void cjs_JSValueProtect(JSContextRef ctx, JSValueRef value);
void cjs_JSValueUnprotect(JSContextRef ctx, JSValueRef value);
double cjs_JSValueToNumber(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
JSObjectRef cjs_JSValueToObject(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
JSStringRef cjs_JSValueToStringCopy(JSContextRef ctx, JSValueRef value, JSValueRef *exception);

#endif

"""Northwind's app macro: a Swift library plus an ios_application with the company defaults."""

load("@build_bazel_rules_apple//apple:ios.bzl", "ios_application")
load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")

def northwind_app(name, srcs, infoplists, **kwargs):
    swift_library(name = name + "Lib", srcs = srcs, module_name = name)
    ios_application(
        name = name,
        bundle_id = "com.northwind." + name.lower(),
        families = ["iphone", "ipad"],
        infoplists = infoplists,
        minimum_os_version = "17.0",
        deps = [":" + name + "Lib"],
        **kwargs
    )

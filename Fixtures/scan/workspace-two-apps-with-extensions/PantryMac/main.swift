//
//  main.swift
//  PantryMac
//
//  Created by Femi Okafor on 05/01/2024.
//

import AppKit

let application = NSApplication.shared
let delegate = AppDelegate()
application.delegate = delegate
_ = NSApplicationMain(CommandLine.argc, CommandLine.unsafeArgv)

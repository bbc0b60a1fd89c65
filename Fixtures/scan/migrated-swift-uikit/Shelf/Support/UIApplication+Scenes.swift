//
//  UIApplication+Scenes.swift
//  Shelf
//
//  Created by Priya Raman on 09/02/2026.
//  Copyright © 2026 Shelf Books Ltd. All rights reserved.
//

import UIKit

extension UIApplication {

    /// The window scene the reader is looking at, for code that has no view at hand
    /// (notification taps, background sync results).
    var foregroundWindowScene: UIWindowScene? {
        return connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .first { $0.activationState == .foregroundActive }
    }
}

//
//  OfflineBanner.swift
//  Shelf
//
//  Created by Priya Raman on 21/08/2020.
//  Copyright © 2020 Shelf Books Ltd. All rights reserved.
//

import UIKit

/// A thin strip shown above everything while the catalogue cannot be reached.
final class OfflineBanner {

    static let shared = OfflineBanner()

    private var bannerWindow: UIWindow?

    func show(message: String) {
        guard bannerWindow == nil else { return }

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.windowLevel = .statusBar + 1
        window.backgroundColor = .clear
        window.isUserInteractionEnabled = false

        let label = UILabel()
        label.text = message
        label.font = .preferredFont(forTextStyle: .footnote)
        label.textAlignment = .center
        label.textColor = .white
        label.backgroundColor = .systemOrange
        label.frame = CGRect(x: 0, y: 0, width: window.bounds.width, height: 28)
        label.autoresizingMask = [.flexibleWidth]

        let host = UIViewController()
        host.view.addSubview(label)
        window.rootViewController = host
        window.isHidden = false
        bannerWindow = window
    }

    func hide() {
        bannerWindow?.isHidden = true
        bannerWindow = nil
    }
}

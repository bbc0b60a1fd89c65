//
//  CoverRenderer.swift
//  Shelf
//
//  Created by Priya Raman on 03/05/2023.
//  Copyright © 2023 Shelf Books Ltd. All rights reserved.
//

import UIKit

/// Decodes cover images once, at the size they are shown, and keeps them in memory.
final class CoverRenderer {

    static let shared = CoverRenderer()

    private let cache = NSCache<NSString, UIImage>()

    func cover(named name: String, width: CGFloat) -> UIImage? {
        let key = "\(name)@\(Int(width))" as NSString
        if let cached = cache.object(forKey: key) {
            return cached
        }
        guard let source = UIImage(named: name) else { return nil }

        let size = CGSize(width: width, height: width * source.size.height / max(source.size.width, 1))
        let format = UIGraphicsImageRendererFormat()
        format.scale = UIScreen.main.scale
        let image = UIGraphicsImageRenderer(size: size, format: format).image { _ in
            source.draw(in: CGRect(origin: .zero, size: size))
        }
        cache.setObject(image, forKey: key)
        return image
    }
}

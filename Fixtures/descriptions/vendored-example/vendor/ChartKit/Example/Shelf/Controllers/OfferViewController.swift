//
//  OfferViewController.swift
//  Shelf
//
//  Created by Priya Raman on 11/11/2020.
//  Copyright © 2020 Shelf Books Ltd. All rights reserved.
//

import UIKit

/// A limited-time discount, shown as a sheet over the library.
final class OfferViewController: UIViewController {

    let offer: Offer

    init(offer: Offer) {
        self.offer = offer
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .formSheet
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .secondarySystemBackground

        let headline = UILabel()
        headline.font = .preferredFont(forTextStyle: .title2)
        headline.numberOfLines = 0
        headline.text = offer.headline
        headline.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(headline)

        NSLayoutConstraint.activate([
            headline.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            headline.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            headline.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor, constant: 24),
        ])
    }
}

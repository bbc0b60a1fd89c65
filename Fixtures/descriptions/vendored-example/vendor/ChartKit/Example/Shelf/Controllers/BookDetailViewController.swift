//
//  BookDetailViewController.swift
//  Shelf
//
//  Created by Dana Whitfield on 16/03/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import UIKit

final class BookDetailViewController: UIViewController {

    private let book: Book
    private let coverView = UIImageView()
    private let summaryLabel = UILabel()
    private let publisherButton = UIButton(type: .system)

    init(book: Book) {
        self.book = book
        super.init(nibName: nil, bundle: nil)
        title = book.title
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: - View life cycle

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        coverView.contentMode = .scaleAspectFit
        coverView.image = UIImage(named: book.coverName)
        summaryLabel.numberOfLines = 0
        summaryLabel.font = .preferredFont(forTextStyle: .body)
        summaryLabel.text = book.summary
        publisherButton.setTitle(NSLocalizedString("Buy from the publisher", comment: ""), for: .normal)
        publisherButton.addTarget(self, action: #selector(openPublisher), for: .touchUpInside)

        [coverView, summaryLabel, publisherButton].forEach(view.addSubview)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()

        // Covers are laid out against the screen so they keep their size when a sheet is shown.
        let screenWidth = UIScreen.main.bounds.width
        let headerTop = UIApplication.shared.statusBarFrame.height + 44
        let coverWidth = min(screenWidth * 0.5, 240)

        coverView.frame = CGRect(x: (view.bounds.width - coverWidth) / 2, y: headerTop + 16,
                                 width: coverWidth, height: coverWidth * 1.5)
        summaryLabel.frame = CGRect(x: 20, y: coverView.frame.maxY + 16, width: view.bounds.width - 40, height: 0)
        summaryLabel.sizeToFit()
        publisherButton.frame = CGRect(x: 20, y: summaryLabel.frame.maxY + 20, width: view.bounds.width - 40, height: 44)
    }

    // MARK: - Actions

    @objc private func openPublisher() {
        guard let url = book.publisherURL else { return }
        UIApplication.shared.openURL(url)
    }
}

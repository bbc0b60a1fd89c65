//
//  LoyaltyCardPresenter.swift
//  Meeple
//
//  Created by Ana Lima on 05/12/2025.
//

import CoreNFC
import UIKit

/// Shows the café loyalty card when the phone is held near the till's NFC reader.
final class LoyaltyCardPresenter {

    private weak var presentedCard: UIViewController?

    func handle(_ event: NFCWindowSceneEvent, in scene: UIWindowScene) {
        switch event {
        case .readerDetected:
            present(in: scene)
        default:
            present(in: scene)
        }
    }

    private func present(in scene: UIWindowScene) {
        guard presentedCard == nil, let root = scene.keyWindow?.rootViewController else { return }
        let card = LoyaltyCardViewController(member: CafeAPI.shared.member)
        card.sheetPresentationController?.detents = [.medium()]
        root.present(card, animated: true)
        presentedCard = card
    }
}

final class LoyaltyCardViewController: UIViewController {

    private let member: CafeAPI.Member

    init(member: CafeAPI.Member) {
        self.member = member
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(named: "Felt")
        let label = UILabel()
        label.text = "\(member.name) · \(member.stamps)/10"
        label.font = .preferredFont(forTextStyle: .title1)
        label.textColor = .white
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}

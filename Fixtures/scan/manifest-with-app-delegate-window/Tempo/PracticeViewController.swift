//
//  PracticeViewController.swift
//  Tempo
//
//  Created by Olu Adeyemi on 08/01/2022.
//

import UIKit

final class PracticeViewController: UIViewController {

    private let engine = MetronomeEngine.shared
    private let tempoLabel = UILabel()
    private let slider = UISlider()
    private let startButton = UIButton(configuration: .filled())
    private var startedAt: Date?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Tempo", comment: "")
        view.backgroundColor = .systemBackground

        tempoLabel.font = .monospacedDigitSystemFont(ofSize: 72, weight: .semibold)
        tempoLabel.textAlignment = .center
        slider.minimumValue = 30
        slider.maximumValue = 240
        slider.value = Float(engine.beatsPerMinute)
        slider.addTarget(self, action: #selector(tempoChanged), for: .valueChanged)
        startButton.addTarget(self, action: #selector(toggle), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [tempoLabel, slider, startButton])
        stack.axis = .vertical
        stack.spacing = 24
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
        updateLabels()
    }

    @objc private func tempoChanged() {
        engine.beatsPerMinute = Double(slider.value.rounded())
        updateLabels()
    }

    @objc private func toggle() {
        if engine.isRunning {
            engine.stop()
            if let startedAt {
                PracticeLog.shared.record(seconds: Date().timeIntervalSince(startedAt))
            }
            startedAt = nil
        } else {
            engine.start()
            startedAt = Date()
        }
        updateLabels()
    }

    private func updateLabels() {
        tempoLabel.text = "\(Int(engine.beatsPerMinute))"
        startButton.configuration?.title = engine.isRunning ? NSLocalizedString("Stop", comment: "") : NSLocalizedString("Start", comment: "")
    }
}

//
//  MetronomeEngine.swift
//  Tempo
//
//  Created by Olu Adeyemi on 08/01/2022.
//

import AVFoundation

/// Schedules click buffers on an AVAudioPlayerNode, one bar ahead.
final class MetronomeEngine {

    static let shared = MetronomeEngine()

    var beatsPerMinute: Double = 96 {
        didSet { if isRunning { restart() } }
    }
    var beatsPerBar = 4
    var keepsPlayingInBackground = true
    private(set) var isRunning = false

    private let engine = AVAudioEngine()
    private let player = AVAudioPlayerNode()
    private lazy var format = AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1)!

    init() {
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: format)
    }

    func start() {
        guard !isRunning else { return }
        try? engine.start()
        scheduleBar()
        player.play()
        isRunning = true
    }

    func stop() {
        player.stop()
        engine.pause()
        isRunning = false
    }

    func stopIfNotBackgroundable() {
        if !keepsPlayingInBackground {
            stop()
        }
    }

    private func restart() {
        stop()
        start()
    }

    private func scheduleBar() {
        let framesPerBeat = AVAudioFrameCount(format.sampleRate * 60 / beatsPerMinute)
        for beat in 0..<beatsPerBar {
            guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: framesPerBeat) else { return }
            buffer.frameLength = framesPerBeat
            let samples = buffer.floatChannelData![0]
            let clickLength = min(Int(framesPerBeat), 600)
            let amplitude: Float = beat == 0 ? 0.9 : 0.5
            for frame in 0..<clickLength {
                samples[frame] = amplitude * sinf(Float(frame) * 0.35) * (1 - Float(frame) / Float(clickLength))
            }
            let isLast = beat == beatsPerBar - 1
            player.scheduleBuffer(buffer) { [weak self] in
                guard isLast, let self, self.isRunning else { return }
                DispatchQueue.main.async { self.scheduleBar() }
            }
        }
    }
}

/// Minutes practised per day, kept in UserDefaults.
final class PracticeLog {

    static let shared = PracticeLog()

    private var pendingSeconds: TimeInterval = 0

    func record(seconds: TimeInterval) {
        pendingSeconds += seconds
    }

    func flush() {
        let key = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withFullDate])
        let defaults = UserDefaults.standard
        defaults.set(defaults.double(forKey: key) + pendingSeconds, forKey: key)
        pendingSeconds = 0
    }
}

import UIKit

/// Full-screen pad that records a finger signature and returns it as PNG data (nil when cancelled).
final class SignaturePadViewController: UIViewController {
    var onDone: ((Data?) -> Void)?

    private let ink: UIColor
    private let path = UIBezierPath()
    private let canvas = UIImageView()

    init(ink: UIColor) {
        self.ink = ink
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .fullScreen
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        canvas.frame = view.bounds
        canvas.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(canvas)
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [weak self] _ in
            self?.finish()
        })
        path.lineWidth = 3
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: canvas) else { return }
        path.move(to: point)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: canvas) else { return }
        path.addLine(to: point)
        canvas.image = UIGraphicsImageRenderer(bounds: canvas.bounds).image { _ in
            ink.setStroke()
            path.stroke()
        }
    }

    private func finish() {
        let data = canvas.image?.pngData()
        dismiss(animated: true) { self.onDone?(data) }
    }
}

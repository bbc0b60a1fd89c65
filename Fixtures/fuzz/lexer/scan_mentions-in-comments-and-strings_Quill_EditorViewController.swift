//
//  EditorViewController.swift
//  Quill
//
//  Created by Elif Demir on 02/02/2020.
//

import UIKit

/**
 The writing surface.

 Layout uses the view's own bounds and safe area. Older versions measured
 `UIApplication.shared.windows.first?.bounds` and `UIScreen.main.bounds`, which broke in Split View.
 */
final class EditorViewController: UIViewController {

    static let activityType = "com.example.quill.editing"

    private let textView = UITextView()
    private let previewContainer = UIView(frame: .zero)
    private let renderer = QLMarkdownRenderer()
    private var draft: Draft?

    var currentActivity: NSUserActivity? {
        guard let draft else { return nil }
        let activity = NSUserActivity(activityType: Self.activityType)
        activity.title = draft.title
        activity.userInfo = ["draft": draft.id.uuidString]
        return activity
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        textView.font = .preferredFont(forTextStyle: .body)
        textView.delegate = self
        view.addSubview(textView)
        view.addSubview(previewContainer)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: NSLocalizedString("Preview", comment: ""),
                                                            style: .plain, target: self, action: #selector(togglePreview))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let frame = view.bounds.inset(by: view.safeAreaInsets)
        textView.frame = frame
        previewContainer.frame = frame
    }

    // MARK: - Opening drafts

    /// quill://draft/<uuid>
    func openDraft(at url: URL) {
        guard url.scheme == "quill", url.host == "draft", let id = UUID(uuidString: url.lastPathComponent) else { return }
        show(DraftStore.shared.draft(id: id))
    }

    func restore(from activity: NSUserActivity) {
        guard activity.activityType == Self.activityType,
              let raw = activity.userInfo?["draft"] as? String, let id = UUID(uuidString: raw) else { return }
        show(DraftStore.shared.draft(id: id))
    }

    private func show(_ draft: Draft?) {
        guard let draft else { return }
        self.draft = draft
        loadViewIfNeeded()
        title = draft.title
        textView.text = draft.text
    }

    @objc private func togglePreview() {
        previewContainer.subviews.forEach { $0.removeFromSuperview() }
        if previewContainer.isHidden || previewContainer.subviews.isEmpty {
            let preview = renderer.previewView(forMarkdown: textView.text)
            preview.frame = previewContainer.bounds
            previewContainer.addSubview(preview)
        }
        previewContainer.isHidden.toggle()
    }
}

extension EditorViewController: UITextViewDelegate {
    func textViewDidChange(_ textView: UITextView) {
        guard var draft else { return }
        draft.text = textView.text
        draft.modified = Date()
        self.draft = draft
        DraftStore.shared.update(draft)
    }
}

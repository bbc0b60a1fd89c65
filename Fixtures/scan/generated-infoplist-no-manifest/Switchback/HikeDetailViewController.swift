//
//  HikeDetailViewController.swift
//  Switchback
//
//  Created by Ingrid Solberg on 06/05/2023.
//

import MapKit
import UIKit

final class HikeDetailViewController: UIViewController {

    private let hike: Hike
    private let mapView = MKMapView()

    init(hike: Hike) {
        self.hike = hike
        super.init(nibName: nil, bundle: nil)
        title = hike.name
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func loadView() {
        view = mapView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let pin = MKPointAnnotation()
        pin.coordinate = hike.switchback
        pin.title = NSLocalizedString("Switchback", comment: "")
        mapView.addAnnotation(pin)
        mapView.setRegion(MKCoordinateRegion(center: hike.switchback, latitudinalMeters: 4000, longitudinalMeters: 4000),
                          animated: false)
    }
}

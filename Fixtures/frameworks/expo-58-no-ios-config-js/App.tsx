import Constants from 'expo-constants';
import * as Location from 'expo-location';
import React, {useState} from 'react';
import {Button, FlatList, Text, View} from 'react-native';

type Pin = {id: number; lat: number; lon: number};

export default function App() {
  const [pins, setPins] = useState<Pin[]>([]);
  const api = Constants.expoConfig?.extra?.apiUrl as string | undefined;
  const drop = async () => {
    const {granted} = await Location.requestForegroundPermissionsAsync();
    if (!granted) {
      return;
    }
    const here = await Location.getCurrentPositionAsync();
    const pin = {id: Date.now(), lat: here.coords.latitude, lon: here.coords.longitude};
    setPins(p => [pin, ...p]);
    if (api) {
      fetch(`${api}/pins`, {method: 'POST', body: JSON.stringify(pin)});
    }
  };
  return (
    <View style={{flex: 1, paddingTop: 64}}>
      <Button title="Drop a pin" onPress={drop} />
      <FlatList data={pins} keyExtractor={p => String(p.id)} renderItem={({item}) => <Text>{item.lat.toFixed(4)}, {item.lon.toFixed(4)}</Text>} />
    </View>
  );
}
